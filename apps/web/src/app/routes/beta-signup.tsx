import { BetaSignupPage } from '@/features/beta-signup/components/beta-signup-page';

export default function BetaSignupRoute() {
  return <BetaSignupPage />;
}
