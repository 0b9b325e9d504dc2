import { ComparePage } from '@/features/robots/components/compare-page';

export default function CompareRoute() {
  return <ComparePage />;
}
