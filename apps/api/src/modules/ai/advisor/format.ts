import type { RobotRow } from '../../catalog';
import { applicationLabel } from '../understanding/vocabulary';
import { defined } from '../../../lib/invariants';

/** One formatter per number of digits: toLocaleString with options builds a new one on every call. */
const numberFormats = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: number, digits = 1): string {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  let format = numberFormats.get(digits);
  if (!format) numberFormats.set(digits, (format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits })));
  return format.format(rounded);
}

export const kg = (v: number) => `${formatNumber(v, v < 10 ? 2 : 1)} kg`;
export const mm = (v: number) => `${formatNumber(v, 0)} mm`;
export const usd = (v: number) => `$${formatNumber(v, 0)}`;

export function robotName(r: Pick<RobotRow, 'manufacturer' | 'model'>): string {
  return `${r.manufacturer} ${r.model}`;
}

/** "indicative $35,000–$50,000" or null when the catalog has no price. */
export function priceBand(r: Pick<RobotRow, 'priceMinUsd' | 'priceMaxUsd'>): string | null {
  if (r.priceMinUsd == null && r.priceMaxUsd == null) return null;
  if (r.priceMinUsd != null && r.priceMaxUsd != null && r.priceMinUsd !== r.priceMaxUsd) return `${usd(r.priceMinUsd)}–${usd(r.priceMaxUsd)}`;
  return usd(defined(r.priceMinUsd ?? r.priceMaxUsd, 'a price (one bound is set)'));
}

export function categoryLabel(category: string): string {
  const labels: Record<string, string> = {
    collaborative: 'collaborative robot (cobot)',
    articulated: 'articulated industrial robot',
    scara: 'SCARA robot',
    delta: 'delta (parallel) robot',
    palletizing: 'palletizing robot',
    'heavy-payload': 'heavy-payload robot',
  };
  return labels[category] ?? `${category} robot`;
}

/** "a collaborative robot", "an articulated industrial robot". */
export function withArticle(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}

export function listApplications(apps: string[], max = 4): string {
  return apps.slice(0, max).map(applicationLabel).join(', ');
}

/** "a, b and c" */
export function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A short spec line of one robot. */
export function specLine(r: RobotRow): string {
  const parts = [`${kg(r.payloadKg)} payload`, `${mm(r.reachMm)} reach`, `${r.dof} axes`];
  if (r.repeatabilityMm != null) parts.push(`repeatability ±${r.repeatabilityMm} mm`);
  if (r.weightKg != null) parts.push(`arm weight ${kg(r.weightKg)}`);
  return parts.join(', ');
}

export function clampText(items: string[], max: number): string[] {
  return [...new Set(items.map((s) => s.trim()).filter(Boolean))].slice(0, max);
}
