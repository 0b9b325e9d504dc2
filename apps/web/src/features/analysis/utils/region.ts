import type { RegionOfInterest } from '@cellforge/contracts';

/** The contract's smallest side (regionOfInterestSchema): 5 % of the frame. */
export const MIN_REGION_SIDE = 0.05;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Fractions kept to 4 decimals (0.01 % of the frame): what is sent reads back the same. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** The rectangle spanned by two points (fractions of the frame), inside the frame and at least the smallest side. */
export function regionBetween(ax: number, ay: number, bx: number, by: number): RegionOfInterest {
  const x0 = clamp(Math.min(ax, bx), 0, 1);
  const y0 = clamp(Math.min(ay, by), 0, 1);
  const x1 = clamp(Math.max(ax, bx), 0, 1);
  const y1 = clamp(Math.max(ay, by), 0, 1);
  return fit({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
}

/** The region made valid: sides at least MIN_REGION_SIDE, inside the frame (moved in, not cut). */
export function fit(region: RegionOfInterest): RegionOfInterest {
  const width = clamp(region.width, MIN_REGION_SIDE, 1);
  const height = clamp(region.height, MIN_REGION_SIDE, 1);
  return { x: round(clamp(region.x, 0, 1 - width)), y: round(clamp(region.y, 0, 1 - height)), width: round(width), height: round(height) };
}

/** The region shifted by (dx, dy), kept whole inside the frame. */
export function moveRegion(region: RegionOfInterest, dx: number, dy: number): RegionOfInterest {
  return fit({ ...region, x: region.x + dx, y: region.y + dy });
}

/** The corner's position (fractions of the frame). */
export function cornerPoint(region: RegionOfInterest, corner: Corner): { x: number; y: number } {
  return {
    x: corner.endsWith('left') ? region.x : region.x + region.width,
    y: corner.startsWith('top') ? region.y : region.y + region.height,
  };
}

/** The corner opposite: it stays where it is while its partner is dragged. */
export function oppositeCorner(corner: Corner): Corner {
  const vertical = corner.startsWith('top') ? 'bottom' : 'top';
  const horizontal = corner.endsWith('left') ? 'right' : 'left';
  return `${vertical}-${horizontal}`;
}

/**
 * The region with one corner moved to (x, y): the opposite corner stays, and the dragged one
 * stops MIN_REGION_SIDE short of it (a corner dragged past its partner does not flip the region).
 */
export function moveCorner(region: RegionOfInterest, corner: Corner, x: number, y: number): RegionOfInterest {
  const anchor = cornerPoint(region, oppositeCorner(corner));
  const left = corner.endsWith('left');
  const top = corner.startsWith('top');
  const cx = left ? clamp(x, 0, anchor.x - MIN_REGION_SIDE) : clamp(x, anchor.x + MIN_REGION_SIDE, 1);
  const cy = top ? clamp(y, 0, anchor.y - MIN_REGION_SIDE) : clamp(y, anchor.y + MIN_REGION_SIDE, 1);
  return regionBetween(anchor.x, anchor.y, cx, cy);
}

/** "left 55 %, top 50 %, 45 % wide, 50 % high" */
export function describeRegion(region: RegionOfInterest): string {
  const pct = (value: number) => `${Math.round(value * 100)} %`;
  return `left ${pct(region.x)}, top ${pct(region.y)}, ${pct(region.width)} wide, ${pct(region.height)} high`;
}

export const sameRegion = (a: RegionOfInterest | null, b: RegionOfInterest | null): boolean =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);

/** A region to start from with the keyboard: the middle half of the frame. */
export const STARTING_REGION: RegionOfInterest = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
