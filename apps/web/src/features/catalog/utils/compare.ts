import type { Robot } from '@cellforge/contracts';
import { COMPARE_MAX, countryNames } from '@cellforge/contracts/constants';
import {
  formatCleanroom,
  formatCountry,
  formatIp,
  formatKg,
  formatMm,
  formatMounting,
  formatNumber,
  formatPriceBand,
  formatRepeatability,
  formatSpeed,
  formatYesNo,
} from '@/lib/robot-format';
import { offerSummaryText } from '@/lib/offer-format';

/** Which way a row is better: more payload and reach; less repeatability (tighter), weight and price. */
/** 'text': a published value, not a figure (food-grade, mounting, country): no bar, never ranked. */
export type Direction = 'higher' | 'lower' | 'none' | 'text';

export interface CompareRowDefinition {
  key: 'payload' | 'reach' | 'axes' | 'repeatability' | 'weight' | 'speed' | 'ip' | 'cleanroom' | 'food' | 'mounting' | 'country' | 'offers' | 'price';
  label: string;
  direction: Direction;
  value: (robot: Robot) => number | null;
  format: (robot: Robot) => string;
}

/** The middle of a price band (or its one known end): what "cheaper" compares. */
export function priceValue(robot: Pick<Robot, 'price_min_usd' | 'price_max_usd'>): number | null {
  const { price_min_usd: min, price_max_usd: max } = robot;
  if (min !== null && max !== null) return (min + max) / 2;
  return min ?? max;
}

export const COMPARE_ROWS: readonly CompareRowDefinition[] = [
  { key: 'payload', label: 'Rated payload', direction: 'higher', value: (r) => r.payload_kg, format: (r) => formatKg(r.payload_kg) },
  { key: 'reach', label: 'Reach', direction: 'higher', value: (r) => r.reach_mm, format: (r) => formatMm(r.reach_mm) },
  // More axes is not better in itself (a 4-axis SCARA beats a 6-axis arm at fast picking): shown, not ranked.
  { key: 'axes', label: 'Axes', direction: 'none', value: (r) => r.dof, format: (r) => formatNumber(r.dof) },
  {
    key: 'repeatability',
    label: 'Repeatability',
    direction: 'lower',
    value: (r) => r.repeatability_mm,
    format: (r) => formatRepeatability(r.repeatability_mm),
  },
  { key: 'weight', label: 'Weight', direction: 'lower', value: (r) => r.weight_kg, format: (r) => formatKg(r.weight_kg) },
  { key: 'speed', label: 'Max. TCP speed', direction: 'higher', value: (r) => r.max_speed_mm_s, format: (r) => formatSpeed(r.max_speed_mm_s) },
  // The IP code's digits order the protection (IP67 protects more than IP54); unknown never wins.
  { key: 'ip', label: 'IP rating', direction: 'higher', value: (r) => r.ip_rating, format: (r) => formatIp(r.ip_rating) },
  { key: 'cleanroom', label: 'Cleanroom class', direction: 'lower', value: (r) => r.cleanroom_iso_class, format: (r) => formatCleanroom(r.cleanroom_iso_class) },
  { key: 'food', label: 'Food-grade', direction: 'text', value: (r) => (r.food_grade === null ? null : r.food_grade ? 1 : 0), format: (r) => formatYesNo(r.food_grade) },
  { key: 'mounting', label: 'Mounting', direction: 'text', value: (r) => (r.mounting?.length ? r.mounting.length : null), format: (r) => formatMounting(r.mounting) },
  { key: 'country', label: "Maker's country", direction: 'text', value: (r) => (r.maker_country ? 1 : null), format: (r) => formatCountry(r.maker_country, countryNames) },
  {
    // What suppliers ask today (the lowest offer wins the row); the indicative price below is the street price band.
    key: 'offers',
    label: 'Supplier offers',
    direction: 'lower',
    value: (r) => r.offers?.price_min_usd ?? null,
    format: (r) => (r.offers ? offerSummaryText(r.offers) : 'No offers yet'),
  },
  {
    key: 'price',
    label: 'Indicative price',
    direction: 'lower',
    value: priceValue,
    format: (r) => formatPriceBand(r.price_min_usd, r.price_max_usd),
  },
];

export interface CompareCell {
  text: string;
  known: boolean;
  /** Bar length 0..1: the best value in the row gets the full bar. null when unknown. */
  bar: number | null;
  best: boolean;
}

const usable = (value: number | null): value is number => value !== null && Number.isFinite(value);

/**
 * One row of the comparison. Unknown values are not counted: they get no bar and never
 * win. A best value is marked only when at least two robots have a value and they differ.
 */
export function compareRow(row: CompareRowDefinition, robots: readonly Robot[]): CompareCell[] {
  const values = robots.map(row.value);
  const known = values.filter(usable);
  const max = known.length ? Math.max(...known) : 0;
  const min = known.length ? Math.min(...known) : 0;
  const ranked = (row.direction === 'higher' || row.direction === 'lower') && known.length >= 2 && max !== min;
  const bestValue = row.direction === 'lower' ? min : max;

  return robots.map((robot, index) => {
    const value = values[index] ?? null;
    if (!usable(value)) return { text: row.format(robot), known: false, bar: null, best: false };
    if (row.direction === 'text') return { text: row.format(robot), known: true, bar: null, best: false };
    let bar: number;
    if (row.direction === 'lower') bar = value <= 0 ? 1 : min / value;
    else bar = max <= 0 ? 0 : value / max;
    return { text: row.format(robot), known: true, bar: Math.max(0, Math.min(1, bar)), best: ranked && value === bestValue };
  });
}

/** The ids of /compare?ids=a,b,c: trimmed, without repeats, at most COMPARE_MAX (and whether some were dropped). */
export function parseCompareIds(raw: string | null): { ids: string[]; dropped: number } {
  const all = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return { ids: all.slice(0, COMPARE_MAX), dropped: Math.max(0, all.length - COMPARE_MAX) };
}

export const DIRECTION_TEXT: Record<Direction, string> = {
  higher: 'Higher is better',
  lower: 'Lower is better',
  none: 'Not ranked: the right number depends on the task',
  text: 'As the maker publishes it',
};
