import type { RoiResult } from '@cellforge/roi';
import { formatPayback, formatUsd } from './format';

/** The chart in words (its accessible summary, shown above it for everyone). */
export function describeCashFlow(result: RoiResult): string {
  const years = result.horizonYears;
  const span = `${years} ${years === 1 ? 'year' : 'years'}`;
  const start = `Cumulative cash flow starts at ${formatUsd(-result.upfrontCost)} (the investment)`;
  const end = formatUsd(result.netGain);
  const scenarios = `Pessimistic: ${formatUsd(result.scenarios.pessimistic.netGain)}; optimistic: ${formatUsd(result.scenarios.optimistic.netGain)} after ${span}.`;

  if (result.paybackMonths === null) {
    return `${start} and falls every year, because running costs exceed savings: ${end} after ${span}. The cell never pays back. ${scenarios}`;
  }
  const payback = formatPayback(result.paybackMonths);
  const breakEvenYear = result.yearly.find((row) => row.year > 0 && row.cumulativeCashFlow >= 0)?.year;
  if (breakEvenYear === undefined) {
    return `${start}, rises by ${formatUsd(result.annualSavings)} a year and is still ${end} after ${span}: payback (${payback}) comes after the horizon. ${scenarios}`;
  }
  return `${start}, rises by ${formatUsd(result.annualSavings)} a year, turns positive in year ${breakEvenYear} (payback after ${payback}) and reaches ${end} after ${span}. ${scenarios}`;
}
