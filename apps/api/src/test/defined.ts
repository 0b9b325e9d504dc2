/**
 * For tests: the value, or a thrown error naming what was missing (instead of a non-null
 * assertion, which the lint forbids).
 */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, got ${String(value)}`);
  return value;
}

/** For tests: list[index], which must be there. */
export function nth<T>(list: ArrayLike<T>, index: number): T {
  return defined(list[index], `item ${index} of ${list.length}`);
}
