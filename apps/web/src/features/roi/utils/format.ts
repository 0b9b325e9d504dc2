import type { RoiUnit } from '@cellforge/roi';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const decimal1 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "$206,948", "-$150,000" (whole dollars; the CSV keeps the cents). */
export function formatUsd(value: number): string {
  return usd.format(Math.round(value) === 0 ? 0 : value);
}

/** "20.1 months", or "Never" when the cell does not pay back. */
export function formatPayback(months: number | null): string {
  if (months === null) return 'Never';
  return `${decimal1.format(months)} ${months === 1 ? 'month' : 'months'}`;
}

/** "52.3%", or the fallback when there is no figure. */
export function formatPercent(value: number | null, fallback = 'None'): string {
  return value === null ? fallback : `${decimal1.format(value)}%`;
}

/** Unit said in words, after the label. */
export const UNIT_LABELS: Record<RoiUnit, string> = {
  usd: 'USD',
  usd_per_year: 'USD per year',
  usd_per_hour: 'USD per hour',
  people: 'people',
  shifts: 'shifts',
  days: 'days',
  hours: 'hours',
  percent: '%',
  years: 'years',
};

/** Short marks shown inside the input box (decorative; the label says the unit). */
export function unitAdornments(unit: RoiUnit): { prefix?: string; suffix?: string } {
  switch (unit) {
    case 'usd':
      return { prefix: '$' };
    case 'usd_per_year':
      return { prefix: '$', suffix: '/yr' };
    case 'usd_per_hour':
      return { prefix: '$', suffix: '/h' };
    case 'percent':
      return { suffix: '%' };
    case 'hours':
      return { suffix: 'h' };
    case 'years':
      return { suffix: 'yrs' };
    case 'days':
      return { suffix: 'days' };
    default:
      return {};
  }
}
