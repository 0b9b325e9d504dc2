import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function BetaSignupRoute() {
  return (
    <PlaceholderPage
      title="Get Early Access"
      description="The early-access sign-up form for the first customers, suppliers and integrators is being built and will appear here."
    />
  );
}
