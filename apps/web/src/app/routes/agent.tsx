import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AgentRoute() {
  return (
    <PlaceholderPage
      title="Robotics Agent"
      description="This AI agent will answer robotics questions here once the copilot is live."
    />
  );
}
