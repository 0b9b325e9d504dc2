import { ComparePage } from '@/features/catalog/components/compare-page';

export default function CompareRoute() {
  return <ComparePage />;
}
