/**
 * Checked reads for what the surrounding code already guarantees, instead of `!` (which the
 * lint forbids: it only assumes). A miss is a bug or a lost race, not bad input, so these
 * throw a plain Error (a 500), as the `undefined` they replace would have a line later.
 */

/** The row a write returned (`insert/update ... returning()`); `what` names it if there is none. */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected ${what}, but the database returned no row`);
  return row;
}

/** The value, which the caller knows is there; `what` names it in the error if it is not. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, got ${String(value)}`);
  return value;
}

/** list[index], for an index the caller keeps in range. */
export function nth<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`Index ${index} is outside a list of ${list.length}`);
  return value;
}

/** Group `n` of a regular-expression match, for a group the pattern always captures when it matches. */
export function group(match: RegExpMatchArray, n: number): string {
  const value = match[n];
  if (value === undefined) throw new Error(`Expected group ${n} of the match ${JSON.stringify(match[0])}`);
  return value;
}
