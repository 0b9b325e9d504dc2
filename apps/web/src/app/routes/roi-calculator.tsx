import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function RoiCalculatorRoute() {
  return (
    <PlaceholderPage
      title="ROI Calculator"
      description="A calculator that estimates the payback period and savings of a robot cell is being built and will appear here."
    />
  );
}
