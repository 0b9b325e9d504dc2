import { PrivacyPage } from '@/features/site-info/components/privacy-page';

export default function PrivacyRoute() {
  return <PrivacyPage />;
}
