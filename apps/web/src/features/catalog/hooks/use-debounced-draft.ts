import { useCallback, useEffect, useRef, useState } from 'react';

const identity = (value: string) => value;

/**
 * A local draft of a value stored in the URL. When the URL value changes from
 * elsewhere (Back, "Clear all"), the draft follows it; a draft that already says the
 * same thing (`normalize(draft) === urlValue`) is left alone so typing is not disturbed.
 * `normalize` must be a stable function.
 */
export function useSyncedDraft(urlValue: string, normalize: (draft: string) => string = identity) {
  const [draft, setDraft] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  if (urlValue !== seenUrlValue) {
    // Adjusting state while rendering (React docs: "storing information from previous renders").
    setSeenUrlValue(urlValue);
    if (normalize(draft) !== urlValue) setDraft(urlValue);
  }
  return [draft, setDraft] as const;
}

/**
 * Commits `value` once it differs from `urlValue` and has not changed for `delay` ms.
 * Returns `flush`, which commits at once (Enter, blur).
 */
export function useDebouncedCommit(
  value: string,
  urlValue: string,
  commit: (value: string) => void,
  { delay = 350, enabled = true }: { delay?: number; enabled?: boolean } = {},
) {
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  const pending = enabled && value !== urlValue;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => commitRef.current(value), delay);
    return () => clearTimeout(timer);
  }, [pending, value, delay]);

  return useCallback(() => {
    if (pending) commitRef.current(value);
  }, [pending, value]);
}
