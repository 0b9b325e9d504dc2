import { MessagesPage } from '@/features/quotes/components/messages-page';

/** /messages: the signed-in user's conversations and requests for quote (quotes feature). */
export default function MessagesRoute() {
  return <MessagesPage />;
}
