import { TermsPage } from '@/features/site-info/components/terms-page';

export default function TermsRoute() {
  return <TermsPage />;
}
