import { describe, expect, it } from 'vitest';
import { analysisSize, FrameDiffer, measureStability, parseShowinfoTime, regionPixels } from './motion';
import { defined } from '../test/defined';

describe('analysisSize', () => {
  it('scales the long side to 160 with even sides', () => {
    expect(analysisSize(1280, 720)).toEqual({ width: 160, height: 90 });
    expect(analysisSize(320, 240)).toEqual({ width: 160, height: 120 });
    expect(analysisSize(1080, 1920)).toEqual({ width: 90, height: 160 });
  });
});

describe('FrameDiffer', () => {
  it('measures the mean difference over the frame and per cell, ignoring noise up to 3 levels', () => {
    const differ = new FrameDiffer(40, 20, 20); // two cells side by side
    const a = new Uint8Array(800).fill(100);
    expect(differ.push(a)).toBeNull();
    const b = Uint8Array.from(a);
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) b[y * 40 + x] = 180; // left half brightens by 80
    b[30] = 103; // noise in the right half
    const diff = defined(differ.push(b));
    expect(diff.energy).toBeCloseTo(40, 6);
    expect([...diff.cells]).toEqual([80, 0]);
    expect(defined(differ.push(b)).energy).toBe(0);
  });
});

describe('parseShowinfoTime', () => {
  it('reads pts_time from showinfo frame lines only', () => {
    expect(parseShowinfoTime('[Parsed_showinfo_6 @ 0x2bc019c0] n:   0 pts:  46080 pts_time:3       pos:  1234 fmt:yuv420p')).toBe(3);
    expect(parseShowinfoTime('[Parsed_showinfo_6 @ 0x1] n:   1 pts: 108134 pts_time:7.04004 pos: 9')).toBeCloseTo(7.04, 4);
    expect(parseShowinfoTime('[Parsed_showinfo_6 @ 0x2bc019c0] config in time_base: 1/15360, frame_rate: 30/1')).toBeNull();
    expect(parseShowinfoTime('frame=  100 fps=0.0 q=-0.0 size=N/A time=00:00:04.00')).toBeNull();
  });
});

describe('regionPixels', () => {
  it('turns a region in fractions into an even-sized crop inside the frame', () => {
    expect(regionPixels({ x: 0.55, y: 0.5, width: 0.45, height: 0.5 }, 320, 180)).toEqual({ x: 176, y: 90, width: 144, height: 90 });
    expect(regionPixels({ x: 0.9, y: 0.9, width: 0.5, height: 0.5 }, 1280, 720)).toEqual({ x: 1152, y: 648, width: 128, height: 72 });
    expect(regionPixels({ x: 0, y: 0, width: 1, height: 1 }, 1280, 720)).toBeNull();
    expect(regionPixels(null, 1280, 720)).toBeNull();
  });
});

describe('measureStability', () => {
  it('reports how far the camera moved (video pixels) and how much the light varied', () => {
    // a sway of +-3 analysis px at 160 px for a 1280 px video, brightness +-5 % every 2 s
    const shifts = Array.from({ length: 200 }, (_, k) => {
      const pos = (i: number) => 3 * Math.sin((2 * Math.PI * i) / 13);
      const light = (i: number) => 1 + 0.05 * Math.sin((2 * Math.PI * i) / 20);
      return { dx: pos(k + 1) - pos(k), dy: 0, gain: light(k + 1) / light(k) };
    });
    const s = measureStability(shifts, 160, 1280, 10);
    expect(s.camera_shift_px).toBeGreaterThan(20);
    expect(s.camera_shift_px).toBeLessThan(26);
    expect(s.camera_shift_pct).toBeCloseTo(1.9, 0);
    expect(s.lighting_variation_pct).toBeGreaterThan(4);
    expect(s.lighting_variation_pct).toBeLessThan(6);
    expect(measureStability([{ dx: 0, dy: 0, gain: 1 }], 160, 1280, 10)).toEqual({ camera_shift_px: 0, camera_shift_pct: 0, camera_moving_share: 0, lighting_variation_pct: 0 });
  });
});
