import { LearnPage } from '@/features/learn/components/learn-page';

export default function LearnHowItWorksRoute() {
  return <LearnPage />;
}
