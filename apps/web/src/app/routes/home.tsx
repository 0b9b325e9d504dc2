import { Container } from '@/components/layout/page';
import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { AudienceCards } from '@/features/home/components/audience-cards';
import { ComingSoonBanner } from '@/features/home/components/coming-soon-banner';
import { CopilotSlot } from '@/features/home/components/copilot-slot';
import { Hero } from '@/features/home/components/hero';
import { MarketingFigures } from '@/features/home/components/marketing-figures';

export default function HomeRoute() {
  return (
    <>
      <PageTitle title={`${env.appName}: the open robotics marketplace`} />
      <ComingSoonBanner />
      <Container>
        <Hero />
        <CopilotSlot />
        <MarketingFigures />
        <AudienceCards />
      </Container>
    </>
  );
}
