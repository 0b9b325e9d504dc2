import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatWhen, requirementRows } from './format';

describe('quote formatting', () => {
  it('writes prices in their currency, whole units', () => {
    expect(formatMoney(41000, 'EUR')).toBe('€41,000');
    expect(formatMoney(52500, 'USD')).toBe('$52,500');
    expect(formatMoney(9_000_000, 'JPY')).toBe('¥9,000,000');
  });

  it('lists only the requirements given, with units', () => {
    expect(requirementRows({ application: 'pick-and-place', payload_kg: 8, reach_mm: 1200, budget_usd: 60000 })).toEqual([
      { label: 'Application', value: 'Pick and place' },
      { label: 'Payload', value: '8 kg' },
      { label: 'Reach', value: '1,200 mm' },
      { label: 'Budget', value: '$60,000' },
    ]);
    expect(requirementRows(null)).toEqual([]);
  });

  it('shows the environment and the makers a described project asked for or ruled out (issue 12)', () => {
    expect(
      requirementRows({ payload_kg: 4, ip_rating_min: 5, cleanroom_iso_class: 5, food_grade: true, washdown: true, mounting: 'ceiling', makers: ['ABB', 'KUKA'], excluded_makers: ['FANUC'] }),
    ).toEqual([
      { label: 'Payload', value: '4 kg' },
      { label: 'IP rating', value: 'IP05 or better' },
      { label: 'Cleanroom', value: 'ISO class 5 or cleaner' },
      { label: 'Food-grade', value: 'Required' },
      { label: 'Washdown', value: 'Required' },
      { label: 'Mounting', value: 'Ceiling' },
      { label: 'Makers', value: 'ABB, KUKA' },
      { label: 'Not from', value: 'FANUC' },
    ]);
    expect(requirementRows({ food_grade: false, washdown: false, makers: [], excluded_makers: [] })).toEqual([]);
  });

  it('writes days and times people read at a glance', () => {
    expect(formatDay('2026-12-12')).toBe('12 Dec 2026');
    const now = new Date('2026-11-26T15:00:00');
    expect(formatWhen('2026-11-26T09:05:00', now)).toBe('09:05');
    expect(formatWhen('2026-03-02T09:05:00', now)).toBe('2 Mar');
    expect(formatWhen('2025-03-02T09:05:00', now)).toBe('2 Mar 2025');
  });
});
