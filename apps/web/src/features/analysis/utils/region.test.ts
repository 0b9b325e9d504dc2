import { regionOfInterestSchema } from '@cellforge/contracts';
import { describe, expect, it } from 'vitest';
import { describeRegion, fit, moveCorner, moveRegion, regionBetween, sameRegion } from './region';

describe('region of interest geometry', () => {
  it('spans two points in either order, inside the frame, with the contract satisfied', () => {
    const region = regionBetween(0.9, 0.8, 0.3, 1.4);
    expect(region).toEqual({ x: 0.3, y: 0.8, width: 0.6, height: 0.2 });
    expect(regionOfInterestSchema.safeParse(region).success).toBe(true);
  });

  it('gives a region drawn smaller than 5 % of the frame the smallest side, still inside the frame', () => {
    const region = regionBetween(0.99, 0.5, 1, 0.51);
    expect(region.width).toBe(0.05);
    expect(region.height).toBe(0.05);
    expect(region.x + region.width).toBeLessThanOrEqual(1);
    expect(regionOfInterestSchema.safeParse(region).success).toBe(true);
  });

  it('moves a region whole and stops it at the edge without shrinking it', () => {
    const region = { x: 0.5, y: 0.5, width: 0.4, height: 0.3 };
    expect(moveRegion(region, 0.05, -0.1)).toEqual({ x: 0.55, y: 0.4, width: 0.4, height: 0.3 });
    expect(moveRegion(region, 0.5, 0.5)).toEqual({ x: 0.6, y: 0.7, width: 0.4, height: 0.3 });
  });

  it('resizes from a corner while the opposite corner stays, and never flips past it', () => {
    const region = { x: 0.2, y: 0.2, width: 0.4, height: 0.4 };
    expect(moveCorner(region, 'bottom-right', 0.9, 0.7)).toEqual({ x: 0.2, y: 0.2, width: 0.7, height: 0.5 });
    expect(moveCorner(region, 'top-left', 0.1, 0.3)).toEqual({ x: 0.1, y: 0.3, width: 0.5, height: 0.3 });
    // dragged past the opposite corner: stops 5 % short of it
    expect(moveCorner(region, 'top-left', 0.9, 0.9)).toEqual({ x: 0.55, y: 0.55, width: 0.05, height: 0.05 });
  });

  it('describes and compares regions', () => {
    expect(describeRegion({ x: 0.55, y: 0.5, width: 0.45, height: 0.5 })).toBe('left 55 %, top 50 %, 45 % wide, 50 % high');
    expect(sameRegion(fit({ x: 0.1, y: 0.1, width: 0.2, height: 0.2 }), { x: 0.1, y: 0.1, width: 0.2, height: 0.2 })).toBe(true);
    expect(sameRegion(null, { x: 0.1, y: 0.1, width: 0.2, height: 0.2 })).toBe(false);
    expect(sameRegion(null, null)).toBe(true);
  });
});
