import { useParams } from 'react-router-dom';
import { findAgent } from '@/features/agent/agents';
import { AgentPage } from '@/features/agent/components/agent-page';
import { LazyCopilotChat } from '@/features/chat/lazy-copilot';
import { NotFoundPage } from './not-found';

/** /agent/:slug: the one agent ("robotics-advisor") with its chat; any other slug is not found. */
export default function AgentRoute() {
  const { slug } = useParams();
  const agent = findAgent(slug);
  return agent ? (
    <AgentPage agent={agent} chat={<LazyCopilotChat page="general" label={`Conversation with the ${agent.name}`} framed={false} />} />
  ) : (
    <NotFoundPage />
  );
}
