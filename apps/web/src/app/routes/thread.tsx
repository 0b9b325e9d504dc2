import { useParams } from 'react-router-dom';
import { ThreadPage } from '@/features/quotes/components/thread-page';

/** /messages/:threadId: one conversation (quotes feature). */
export default function ThreadRoute() {
  const { threadId = '' } = useParams();
  return <ThreadPage key={threadId} threadId={threadId} />;
}
