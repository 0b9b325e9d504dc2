import { useParams } from 'react-router-dom';
import { ProjectMatchesPage } from '@/features/customer/components/project-matches-page';

export default function ProjectRobotsRoute() {
  const { projectId = '' } = useParams();
  return <ProjectMatchesPage key={projectId} projectId={projectId} />;
}
