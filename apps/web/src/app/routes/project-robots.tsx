import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ContactSupplier } from '@/features/leads/components/contact-supplier';
import { CustomerProjectSelect } from '@/features/projects/components/customer-project-select';
import { ProjectMatchesPage } from '@/features/projects/components/project-matches-page';

/** Composes the project's matches (projects feature) with "Contact supplier" on each listed robot (leads feature). */
export default function ProjectRobotsRoute() {
  const { projectId = '' } = useParams();
  return (
    <ProjectMatchesPage
      key={projectId}
      projectId={projectId}
      renderContact={(robot) => (
        <ContactSupplier
          robot={robot}
          projectId={projectId}
          signInRedirect={paths.projectRobots.getHref(projectId)}
          className="ml-auto w-full sm:w-auto"
          ProjectSelect={CustomerProjectSelect}
        />
      )}
    />
  );
}
