import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function RobotDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title="Robot details"
      description={`Specifications, pricing and supplier details for robot ${id} will appear here once the catalog is live.`}
    />
  );
}
