import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { env } from '@/config/env';

export default function LearnHowItWorksRoute() {
  return (
    <PlaceholderPage
      title={`How ${env.appName} works`}
      description={`A step-by-step guide to how customers, suppliers and integrators work together on ${env.appName} is being written and will appear here.`}
    />
  );
}
