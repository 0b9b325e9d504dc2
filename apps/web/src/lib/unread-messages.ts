import { unreadCountSchema } from '@cellforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { parseAnswer } from './api-answer';

/** Query key of everything about conversations: invalidating it refreshes the header's count too. */
export const MESSAGES_QUERY_KEY = ['messages'] as const;

/**
 * GET /api/threads/unread: how many conversations have something the user has not read
 * (the header's Messages link). Checked every minute and when the window gets focus.
 */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: [...MESSAGES_QUERY_KEY, 'unread'],
    queryFn: async ({ signal }) => parseAnswer(unreadCountSchema, await api.get('/api/threads/unread', { signal })).unread,
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
}
