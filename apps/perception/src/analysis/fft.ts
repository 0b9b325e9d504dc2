/**
 * A small in-place radix-2 FFT (pure TypeScript), shared by the cycle's autocorrelation and
 * the camera's phase correlation. npm's fft.js (radix-4) was the packaged alternative; at
 * our sizes (a few thousand points, 128x64 frames) this one is fast enough and already tested.
 */
import { nthF64 } from '../checked';

const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array }>();
function twiddle(size: number) {
  let t = twiddles.get(size);
  if (!t) {
    const cos = new Float64Array(size / 2);
    const sin = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k++) {
      cos[k] = Math.cos((2 * Math.PI * k) / size);
      sin[k] = Math.sin((2 * Math.PI * k) / size);
    }
    t = { cos, sin };
    twiddles.set(size, t);
  }
  return t;
}

/** In-place radix-2 FFT (size a power of two); inverse without the 1/size scale. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const size = re.length;
  for (let i = 1, j = 0; i < size; i++) {
    let bit = size >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = nthF64(re, i);
      re[i] = nthF64(re, j);
      re[j] = tr;
      const ti = nthF64(im, i);
      im[i] = nthF64(im, j);
      im[j] = ti;
    }
  }
  const { cos, sin } = twiddle(size);
  const sign = inverse ? 1 : -1;
  for (let len = 2; len <= size; len <<= 1) {
    const half = len >> 1;
    const step = size / len;
    for (let start = 0; start < size; start += len) {
      for (let k = 0; k < half; k++) {
        const wr = nthF64(cos, k * step);
        const wi = sign * nthF64(sin, k * step);
        const a = start + k;
        const b = a + half;
        const br = nthF64(re, b);
        const bi = nthF64(im, b);
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        const ar = nthF64(re, a);
        const ai = nthF64(im, a);
        re[b] = ar - xr;
        im[b] = ai - xi;
        re[a] = ar + xr;
        im[a] = ai + xi;
      }
    }
  }
}

/**
 * In-place 2-D FFT of a width x height array stored row by row (both powers of two): rows,
 * then columns through the two scratch buffers (length height). Inverse without the 1/size scale.
 */
export function fft2d(re: Float64Array, im: Float64Array, width: number, height: number, scratchRe: Float64Array, scratchIm: Float64Array, inverse = false): void {
  for (let y = 0; y < height; y++) {
    fft(re.subarray(y * width, (y + 1) * width), im.subarray(y * width, (y + 1) * width), inverse);
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      scratchRe[y] = nthF64(re, y * width + x);
      scratchIm[y] = nthF64(im, y * width + x);
    }
    fft(scratchRe, scratchIm, inverse);
    for (let y = 0; y < height; y++) {
      re[y * width + x] = nthF64(scratchRe, y);
      im[y * width + x] = nthF64(scratchIm, y);
    }
  }
}
