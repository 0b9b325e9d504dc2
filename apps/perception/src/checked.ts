/**
 * Checked reads for what the surrounding code already guarantees (a loop bound, a length
 * tested before, a search that cannot miss). A miss is a bug, so it throws instead of
 * letting `undefined` run on as NaN; the lint forbids `!`, which would only assume it.
 */

/** list[index], for an index the caller keeps in range. */
export function nth<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}

/*
 * nth for the per-pixel and per-lag loops, one per array type: one read shared by every
 * array type turns megamorphic in V8, which made the autocorrelation three times slower.
 */
export function nthU8(list: Uint8Array, index: number): number {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}
export function nthU16(list: Uint16Array, index: number): number {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}
export function nthF32(list: Float32Array, index: number): number {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}
export function nthI32(list: Int32Array, index: number): number {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}
export function nthF64(list: Float64Array, index: number): number {
  const value = list[index];
  if (value === undefined) throw outOfRange(index, list.length);
  return value;
}

function outOfRange(index: number, length: number): RangeError {
  return new RangeError(`Index ${index} is outside a list of ${length}`);
}

/** The value, which the caller knows is there; `what` names it in the error if it is not. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, got ${String(value)}`);
  return value;
}
