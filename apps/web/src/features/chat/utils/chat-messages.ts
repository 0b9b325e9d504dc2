import type { ChatMessage } from '@cellforge/contracts';

/** docs/product.md §3.5, §3.6 and §8: every text of the chat, spelled as there. */
export const CHAT_TEXT = {
  followUpsHeading: 'Questions to help you further',
  actionsHeading: 'Recommended next steps',
  sourcesHeading: 'Sources',
  homePlaceholder: 'Describe your robotics challenge, ask technical questions, or request recommendations...',
  copilotEmpty: 'Ask about choosing a robot, an alarm on your controller, or the payback of a cell.',
  sendMessage: 'Send message',
  openWidget: 'Open AI assistant',
  minimize: 'Minimize',
  close: 'Close',
  /** Under a robot selection: the catalog with the task's figures applied. */
  seeCatalog: 'See every matching robot in the catalog',
  openCompare: 'Open them side by side on the compare page',
  askPrice: 'Request a quote:',
} as const;

/** docs/product.md §8.1. */
export const HOME_ERRORS = {
  serviceReturnedError: 'AI service returned an error',
  apology: 'I apologize, but I encountered an issue.',
  simplerQuestion: 'Please try asking a simpler question.',
  tryAgain: 'Please try again or contact support if the issue persists.',
  followUps: [
    'Would you like to try rephrasing your question?',
    'Is there a specific aspect I can help you with?',
    'Should I connect you with technical support?',
  ],
} as const;

/** "AI service error (status)": the home chat's HTTP failure. */
export const homeHttpError = (status: number) => `AI service error (${status})`;

/** docs/product.md §8.2. */
export const WIDGET_ERRORS = {
  unauthorized: 'Please log in again to continue using the AI assistant.',
  unavailable: 'AI assistant is temporarily offline. Please try again in a moment.',
  gatewayTimeout: 'AI assistant is taking too long to respond. Please try a simpler question.',
  serviceReturnedError: 'AI service returned an error',
  timeout: 'Request timed out. Please try a simpler question.',
  network: 'Unable to connect to AI assistant. Please check your connection and try again.',
  fallback: "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.",
} as const;

/** "AI service error ({status}). Please try again.": the widget's other HTTP failures. */
export const widgetHttpError = (status: number) => `AI service error (${status}). Please try again.`;

/** A message as the chat UI keeps it: the spec's ChatMessage plus what only the UI needs. */
export interface UiChatMessage extends ChatMessage {
  /** Made by the client (greeting, error): never sent back as conversation history. */
  local?: boolean;
  /** An error reply: shown as an alert. */
  isError?: boolean;
  /** The technical reason under an error reply (home: "AI service error (500)"). */
  errorDetail?: string;
}

let sequence = 0;

/** A message id unique within the page. */
export function nextMessageId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

export function userMessage(content: string): UiChatMessage {
  return { id: nextMessageId('user'), type: 'user', content, timestamp: new Date().toISOString() };
}

export function localAiMessage(content: string, extra: Partial<UiChatMessage> = {}): UiChatMessage {
  return { id: nextMessageId('ai'), type: 'ai', content, timestamp: new Date().toISOString(), local: true, ...extra };
}
