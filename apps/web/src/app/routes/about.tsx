import { AboutPage } from '@/features/site-info/components/about-page';

export default function AboutRoute() {
  return <AboutPage />;
}
