import type { RoiYearRow } from '@cellforge/roi';

export const CSV_COLUMNS: ReadonlyArray<[keyof RoiYearRow, string]> = [
  ['year', 'Year'],
  ['savings', 'Savings (USD)'],
  ['costs', 'Costs (USD)'],
  ['netCashFlow', 'Net cash flow (USD)'],
  ['cumulativeCashFlow', 'Cumulative cash flow (USD)'],
  ['discountedCashFlow', 'Discounted cash flow (USD)'],
  ['cumulativeDiscountedCashFlow', 'Cumulative discounted cash flow (USD)'],
];

export const CSV_FILE_NAME = 'roi-cash-flow.csv';

/**
 * The yearly table as CSV (RFC 4180: comma separated, CRLF line ends). Plain numbers
 * with cents and no thousands separators, so a spreadsheet reads them as numbers.
 */
export function yearlyTableToCsv(rows: readonly RoiYearRow[]): string {
  const lines = [CSV_COLUMNS.map(([, title]) => title).join(',')];
  for (const row of rows) {
    lines.push(CSV_COLUMNS.map(([key]) => (key === 'year' ? String(row.year) : row[key].toFixed(2))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
