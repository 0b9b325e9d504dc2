import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Query key of everything about conversations: invalidating it refreshes the header's count too. */
export const MESSAGES_QUERY_KEY = ['messages'] as const;

/**
 * GET /api/threads/unread: how many conversations have something the user has not read
 * (the header's Messages link). Checked every minute and when the window gets focus.
 */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_QUERY_KEY, 'unread'],
    // Read without zod: the header is in the entry chunk, which loads no schema library (the home page's budget).
    queryFn: async ({ signal }) => readUnread(await api.get('/api/threads/unread', { signal })),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}

/** `{ unread: n }` (contracts' unreadCountSchema), checked by hand. */
export function readUnread(answer: unknown): number {
  const unread = (answer as { unread?: unknown } | null)?.unread;
  if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0) throw new Error('The server sent an answer this page cannot read.');
  return unread;
}
