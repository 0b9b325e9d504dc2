import type { ChatResponse } from '@cellforge/contracts';
import { useSession } from '@/lib/auth/session';
import { jsonResponse } from '@/test/fetch';

/** A POST /ai/chat answer (chatResponseSchema) for tests. */
export function chatAnswer(
  response: string,
  metadata: Partial<ChatResponse['metadata']> = {},
  extra: Partial<Omit<ChatResponse, 'metadata'>> = {},
): ChatResponse {
  return {
    success: true,
    response,
    error: null,
    user_authenticated: false,
    robot_data_included: false,
    timestamp: '2025-01-01T10:00:00.000Z',
    metadata: { followUpQuestions: [], suggestedActions: [], sources: [], ...metadata },
    ...extra,
  };
}

export const chatReply = (...args: Parameters<typeof chatAnswer>) => jsonResponse(chatAnswer(...args));

/** Says when the session has settled, so a test can wait for the signed-in state. */
export function SessionProbe() {
  const { status } = useSession();
  return <span data-testid="session-status">{status}</span>;
}

/** Calls to POST /ai/chat among the stubbed fetch calls: url, parsed body and headers. */
export function chatCalls(mock: { mock: { calls: unknown[][] } }) {
  return mock.mock.calls
    .filter(([url]) => String(url).endsWith('/ai/chat'))
    .map(([url, init]) => {
      const request = init as RequestInit;
      return {
        url: String(url),
        body: JSON.parse(String(request.body)) as Record<string, unknown> & { context: Record<string, unknown> },
        headers: request.headers as Record<string, string>,
      };
    });
}

/** A fetch answer that never comes, but fails like fetch when the request is aborted. */
export function pendingUntilAborted(init: RequestInit): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
