import { Page } from '@/components/layout/page';
import { RoiCalculator } from '@/features/roi/components/roi-calculator';

export default function RoiCalculatorRoute() {
  return (
    <Page
      title="ROI Calculator"
      documentTitle="ROI calculator for robot cells"
      lead={
        <p>
          Estimate what a robot cell saves and how fast it pays back. Enter figures you know from your line; every
          result updates as you type, and the link in your address bar reproduces them for a colleague.
        </p>
      }
    >
      <RoiCalculator />
    </Page>
  );
}
