/**
 * How robot figures are written everywhere in the marketplace. A value the datasheet
 * does not give is null and shows as UNKNOWN: never guessed, never 0.
 */
export const UNKNOWN = '—';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? UNKNOWN : numberFormat.format(value);
}

function withUnit(value: number | null | undefined, unit: string): string {
  const text = formatNumber(value);
  return text === UNKNOWN ? UNKNOWN : `${text} ${unit}`;
}

export const formatKg = (value: number | null | undefined) => withUnit(value, 'kg');
export const formatMm = (value: number | null | undefined) => withUnit(value, 'mm');

/** Repeatability is a ± tolerance. */
export function formatRepeatability(value: number | null | undefined): string {
  const text = formatNumber(value);
  return text === UNKNOWN ? UNKNOWN : `±${text} mm`;
}

export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? UNKNOWN : usdFormat.format(value);
}

/** An indicative street-price band: "$25,000–$40,000", one end when only one is known, else UNKNOWN. */
export function formatPriceBand(min: number | null | undefined, max: number | null | undefined): string {
  const low = min ?? null;
  const high = max ?? null;
  if (low === null && high === null) return UNKNOWN;
  if (low !== null && high !== null) return low === high ? formatUsd(low) : `${formatUsd(low)}–${formatUsd(high)}`;
  return low !== null ? `from ${formatUsd(low)}` : `up to ${formatUsd(high)}`;
}

/** Catalog tags are slugs ("pick-and-place"); people read "Pick and place". */
export function humanizeTag(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
}

export function robotName(robot: { manufacturer: string; model: string }): string {
  return `${robot.manufacturer} ${robot.model}`;
}

/** "IP67" (robots.ip_rating holds the two digits), else UNKNOWN. */
export function formatIp(value: number | null | undefined): string {
  return value === null || value === undefined ? UNKNOWN : `IP${String(value).padStart(2, '0')}`;
}

/** "ISO 5" (ISO 14644-1 class), else UNKNOWN. */
export function formatCleanroom(value: number | null | undefined): string {
  return value === null || value === undefined ? UNKNOWN : `ISO ${value}`;
}

/** Yes / No as published, else UNKNOWN (never "No" for a value nobody published). */
export function formatYesNo(value: boolean | null | undefined): string {
  return value === null || value === undefined ? UNKNOWN : value ? 'Yes' : 'No';
}

/** "Floor, ceiling, wall" in that order, else UNKNOWN. */
export function formatMounting(value: readonly string[] | null | undefined): string {
  if (!value?.length) return UNKNOWN;
  const text = value.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1,000 mm/s", else UNKNOWN. */
export function formatSpeed(value: number | null | undefined): string {
  return withUnit(value, 'mm/s');
}

/** The country's English name ("Japan") from its ISO code, the code when not listed, else UNKNOWN. */
export function formatCountry(code: string | null | undefined, names: Readonly<Record<string, string>>): string {
  return code ? (names[code] ?? code) : UNKNOWN;
}

/**
 * Robots an environment filter left out because their maker publishes no value (the
 * catalog's and project matching's unknown_values): said, so a short or empty list is not
 * read as "none exists" ("14 robots have no published IP rating, so they are not shown").
 */
export function unknownValuesNote(unknown: ReadonlyArray<{ label: string; robots: number }> | undefined): string | null {
  const counted = (unknown ?? []).filter((u) => u.robots > 0);
  if (!counted.length) return null;
  const parts = counted.map((u) => `${u.robots} ${u.robots === 1 ? 'robot has' : 'robots have'} no published ${u.label}`);
  const single = counted.length === 1 && counted[0]?.robots === 1;
  return `${parts.join('; ')}, so ${single ? 'it is' : 'they are'} not shown. Ask the supplier if it matters.`;
}
