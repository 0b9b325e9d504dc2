import {
  quoteRequestCreatedSchema,
  quoteRequestListSchema,
  threadDetailResponseSchema,
  threadListSchema,
  type AnswerQuoteRequest,
  type CreateQuoteRequestInput,
  type QuoteRequest,
  type QuoteRequestCreated,
  type SendQuoteInput,
  type ThreadDetail,
  type ThreadList,
} from '@cellforge/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';
import { MESSAGES_QUERY_KEY } from '@/lib/unread-messages';

const keys = {
  threads: [...MESSAGES_QUERY_KEY, 'threads'] as const,
  thread: (id: string) => [...MESSAGES_QUERY_KEY, 'thread', id] as const,
  myRequests: [...MESSAGES_QUERY_KEY, 'requests'] as const,
  openRequests: [...MESSAGES_QUERY_KEY, 'open-requests'] as const,
};

/** POST /api/quote-requests (customers): a request for quote on one model. */
export async function createQuoteRequest(input: CreateQuoteRequestInput): Promise<QuoteRequestCreated> {
  return parseAnswer(quoteRequestCreatedSchema, await api.post('/api/quote-requests', input));
}

/** Everything about conversations changes together: the inbox, the requests and the unread count. */
function useInvalidateMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
}

export function useCreateQuoteRequest() {
  const invalidate = useInvalidateMessages();
  return useMutation({ mutationFn: createQuoteRequest, onSuccess: invalidate });
}

/** GET /api/threads: the user's conversations, most recent activity first, a page (50) at a time. */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: keys.threads,
    queryFn: async ({ signal, pageParam }): Promise<ThreadList> =>
      parseAnswer(threadListSchema, await api.get(`/api/threads${pageParam ? `?${new URLSearchParams({ before: pageParam }).toString()}` : ''}`, { signal })),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 60_000,
  });
}

/** GET /api/threads/:id: one conversation (reading it marks it read, so the unread count follows). */
export function useThread(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.thread(id),
    queryFn: async ({ signal }): Promise<ThreadDetail> => {
      const detail = parseAnswer(threadDetailResponseSchema, await api.get(`/api/threads/${encodeURIComponent(id)}`, { signal })).data;
      void queryClient.invalidateQueries({ queryKey: [...MESSAGES_QUERY_KEY, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: keys.threads });
      return detail;
    },
    refetchInterval: 30_000,
  });
}

/** GET /api/quote-requests (customers): their requests for quote. */
export function useMyQuoteRequests(enabled = true) {
  return useQuery({
    queryKey: keys.myRequests,
    queryFn: async ({ signal }): Promise<QuoteRequest[]> => parseAnswer(quoteRequestListSchema, await api.get('/api/quote-requests', { signal })).data,
    enabled,
  });
}

/** GET /api/quote-requests/open (suppliers, integrators): requests nobody lists the model for. */
export function useOpenQuoteRequests(enabled = true) {
  return useQuery({
    queryKey: keys.openRequests,
    queryFn: async ({ signal }): Promise<QuoteRequest[]> => parseAnswer(quoteRequestListSchema, await api.get('/api/quote-requests/open', { signal })).data,
    enabled,
  });
}

type ThreadAction =
  | { type: 'message'; body: string }
  | { type: 'quote'; quote: SendQuoteInput }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'close' };

async function threadAction(id: string, action: ThreadAction): Promise<ThreadDetail> {
  const base = `/api/threads/${encodeURIComponent(id)}`;
  const answer =
    action.type === 'message'
      ? await api.post(`${base}/messages`, { body: action.body })
      : action.type === 'quote'
        ? await api.post(`${base}/quotes`, action.quote)
        : await api.post(`${base}/${action.type}`, {});
  return parseAnswer(threadDetailResponseSchema, answer).data;
}

/** Writes in a conversation (a message, a quote, an answer to a quote, closing it). */
export function useThreadAction(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: (action: ThreadAction) => threadAction(id, action),
    onSuccess: (detail) => {
      queryClient.setQueryData(keys.thread(id), detail);
      void invalidate();
    },
  });
}

/** POST /api/quote-requests/:id/answers (suppliers, integrators): answer an open request. */
export function useAnswerQuoteRequest() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: async ({ requestId, answer }: { requestId: string; answer: AnswerQuoteRequest }) =>
      parseAnswer(threadDetailResponseSchema, await api.post(`/api/quote-requests/${encodeURIComponent(requestId)}/answers`, answer)).data,
    onSuccess: invalidate,
  });
}

/** POST /api/quote-requests/:id/close (the customer): no new answers. */
export function useCloseQuoteRequest() {
  const invalidate = useInvalidateMessages();
  return useMutation({
    mutationFn: async (requestId: string) => api.post(`/api/quote-requests/${encodeURIComponent(requestId)}/close`, {}),
    onSuccess: invalidate,
  });
}
