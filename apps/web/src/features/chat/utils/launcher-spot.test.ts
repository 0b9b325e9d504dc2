import { describe, expect, it } from 'vitest';
import { findLauncherOffset, type Box } from './launcher-spot';

// A 390 x 844 phone, the launcher 48 px in the bottom right corner, 16 px from the edges.
const viewport = { width: 390, height: 844 };
const home: Box = { left: 326, top: 780, right: 374, bottom: 828 };
const base = { viewport, home, current: { x: 0, y: 0 }, top: 72 };

describe('findLauncherOffset', () => {
  it('stays in its corner when nothing is under it', () => {
    expect(findLauncherOffset({ ...base, obstacles: [{ left: 16, top: 780, right: 200, bottom: 820 }] })).toEqual({ x: 0, y: 0 });
  });

  it('moves up the right edge just clear of a control under it', () => {
    // A card's Compare box and label at the bottom right.
    const compare: Box = { left: 280, top: 790, right: 354, bottom: 810 };
    const offset = findLauncherOffset({ ...base, obstacles: [compare] });
    expect(offset.x).toBe(0);
    expect(home.bottom + offset.y + 4).toBeLessThanOrEqual(compare.top);
    // The lowest clear place, to within one step (8 px).
    expect(home.bottom + offset.y + 4).toBeGreaterThan(compare.top - 8);
  });

  it('keeps its place while that place stays clear, and goes home when home is clear', () => {
    const obstacles: Box[] = [{ left: 300, top: 700, right: 354, bottom: 720 }, { left: 300, top: 800, right: 354, bottom: 820 }];
    // Home is covered; the current place (higher up) is clear: it stays.
    expect(findLauncherOffset({ ...base, obstacles, current: { x: 0, y: -200 } })).toEqual({ x: 0, y: -200 });
    expect(findLauncherOffset({ ...base, obstacles: [], current: { x: 0, y: -200 } })).toEqual({ x: 0, y: 0 });
  });

  it('goes to the left edge when the whole right edge is taken, and never above the header', () => {
    const column: Box = { left: 300, top: 0, right: 390, bottom: 844 };
    const offset = findLauncherOffset({ ...base, obstacles: [column] });
    expect(offset).toEqual({ x: -310, y: 0 });
    const everywhere: Box = { left: 0, top: 0, right: 390, bottom: 844 };
    const covered = findLauncherOffset({ ...base, obstacles: [everywhere] });
    expect(home.top + covered.y).toBeGreaterThanOrEqual(72);
  });

  it('goes above a bar fixed at the bottom (the compare tray)', () => {
    const tray: Box = { left: 0, top: 700, right: 390, bottom: 844 };
    const offset = findLauncherOffset({ ...base, obstacles: [tray] });
    expect(home.bottom + offset.y + 4).toBeLessThanOrEqual(700);
    expect(offset.x).toBe(0);
  });
});
