import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ProjectRobotsRoute() {
  const { projectId = '' } = useParams();
  return (
    <PlaceholderPage
      title="Matching robots"
      description={`Robots that match the requirements of project ${projectId} will be listed here.`}
    />
  );
}
