/**
 * The window event pages dispatch to open the floating AI chat widget (docs/product.md §3.6)
 * with context. The widget listens for it; a page never imports the widget.
 *
 *   window.dispatchEvent(new CustomEvent('openChatWidget', { detail: { robotId, page: 'robot_detail' } }))
 */
export const OPEN_CHAT_WIDGET_EVENT = 'openChatWidget';

export interface OpenChatWidgetDetail {
  /** Spec page name: robot_detail, compare, catalog, ... */
  page: string;
  /** The robot the question is about (robot detail). */
  robotId?: string;
  /** The robots side by side (compare). */
  robotIds?: string[];
  /** A first message: the widget sends it (or puts it in the input while a request is in flight). */
  message?: string;
}

export function openChatWidget(detail: OpenChatWidgetDetail): void {
  window.dispatchEvent(new CustomEvent<OpenChatWidgetDetail>(OPEN_CHAT_WIDGET_EVENT, { detail }));
}
