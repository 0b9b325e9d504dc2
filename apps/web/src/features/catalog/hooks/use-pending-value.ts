import { useCallback, useState } from 'react';

/**
 * A control bound to the URL shows the user's choice at once: the router applies the
 * new URL in a transition, and until it lands the controlled input would snap back.
 * The pending choice is forgotten as soon as the URL value changes (it landed, or
 * Back/Forward moved elsewhere), so it never comes back later.
 */
export function usePendingValue<T>(source: T) {
  const [pending, setPending] = useState<{ value: T; source: T } | null>(null);
  const stale = pending !== null && !Object.is(pending.source, source);
  if (stale) setPending(null);
  const value = pending && !stale ? pending.value : source;
  const set = useCallback((next: T) => setPending({ value: next, source }), [source]);
  return [value, set] as const;
}
