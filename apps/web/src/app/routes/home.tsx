import { Container } from '@/components/layout/page';
import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { AudienceCards } from '@/features/home/components/audience-cards';
import { ClosingCta } from '@/features/home/components/closing-cta';
import { ComingSoonBanner } from '@/features/home/components/coming-soon-banner';
import { CopilotSlot } from '@/features/home/components/copilot-slot';
import { Hero } from '@/features/home/components/hero';
import { HowItWorksSteps } from '@/features/home/components/how-it-works-steps';
import { MarketingFigures } from '@/features/home/components/marketing-figures';
import { ToolsSection } from '@/features/home/components/tools-section';
import { LazyCopilotChat } from '@/features/chat/lazy-copilot';

/**
 * The landing page. Keep this chunk small: nothing here imports zod, recharts or
 * @cellforge/roi (the calculator and forms load with their own routes).
 */
export default function HomeRoute() {
  return (
    <>
      <PageTitle title={`${env.appName}: the open robotics marketplace`} />
      <ComingSoonBanner />
      <Container>
        <Hero />
        <MarketingFigures />
        <CopilotSlot>
          <LazyCopilotChat page="homepage" />
        </CopilotSlot>
        <ToolsSection />
        <AudienceCards />
        <HowItWorksSteps />
        <ClosingCta />
      </Container>
    </>
  );
}
