/**
 * The floating chat widget for the app shell. Only its small launcher loads with a
 * page; the panel (conversation, requests) is its own chunk, loaded on first open.
 * The copilot chat of the home and agent pages is in lazy-copilot.tsx, a separate
 * module so that it (and its stand-in) load with those pages, not with the shell.
 */
export { ChatWidget } from './components/chat-widget';
