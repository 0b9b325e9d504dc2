import { ROI_DEFAULT_INPUTS, calculateRoi } from '@cellforge/roi';
import { describe, expect, it } from 'vitest';
import { yearlyTableToCsv } from './csv';

describe('yearlyTableToCsv', () => {
  it('writes the yearly table with a header, cents and CRLF line ends', () => {
    const csv = yearlyTableToCsv(calculateRoi({ ...ROI_DEFAULT_INPUTS, horizonYears: 2 }).yearly);
    expect(csv).toBe(
      [
        'Year,Savings (USD),Costs (USD),Net cash flow (USD),Cumulative cash flow (USD),Discounted cash flow (USD),Cumulative discounted cash flow (USD)',
        '0,0.00,150000.00,-150000.00,-150000.00,-150000.00,-150000.00',
        '1,107400.00,18000.00,89400.00,-60600.00,82777.78,-67222.22',
        '2,107400.00,18000.00,89400.00,28800.00,76646.09,9423.87',
        '',
      ].join('\r\n'),
    );
  });
});
