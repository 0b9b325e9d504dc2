/**
 * The window event that opens the widget with context (dispatched by pages through
 * src/lib/open-chat-widget.ts, e.g. the robot page's "Ask the assistant").
 */
export const OPEN_CHAT_WIDGET_EVENT = 'openChatWidget';

/** What an openChatWidget event asks for, read tolerantly from its detail. */
export interface WidgetOpenRequest {
  /** Tells repeated requests apart. */
  nonce: number;
  /** The route the request was made on: its context applies while the visitor stays there. */
  pathname: string;
  page?: string;
  robotId?: string;
  robotIds?: string[];
  message?: string;
}

export function readOpenRequest(detail: unknown, nonce: number, pathname: string): WidgetOpenRequest {
  const source = typeof detail === 'object' && detail !== null ? (detail as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const ids = Array.isArray(source.robotIds) ? source.robotIds.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  return {
    nonce,
    pathname,
    page: text(source.page),
    robotId: text(source.robotId),
    robotIds: ids.length ? ids : undefined,
    message: text(source.message),
  };
}

/** docs/product.md §3.6: the widget's states. */
export type WidgetState = 'closed' | 'open' | 'minimized';
