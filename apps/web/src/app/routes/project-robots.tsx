import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ContactSupplier } from '@/features/leads/components/contact-supplier';
import { CustomerProjectSelect } from '@/features/projects/components/customer-project-select';
import { ProjectMatchesPage } from '@/features/projects/components/project-matches-page';
import { RequestQuote } from '@/features/quotes/components/request-quote';
import { useSession } from '@/lib/auth/session';

/**
 * Composes the project's matches (projects feature) with "Request a quote" on every robot
 * (quotes feature; the project's requirements travel with it) and "Contact supplier" on
 * the ones a supplier lists (leads feature).
 */
export default function ProjectRobotsRoute() {
  const { projectId = '' } = useParams();
  const redirect = paths.projectRobots.getHref(projectId);
  const { user, role } = useSession();
  const customer = Boolean(user) && role === 'customer';
  return (
    <ProjectMatchesPage
      key={projectId}
      projectId={projectId}
      renderContact={(robot) => (
        <div className="ml-auto flex w-full flex-wrap gap-3 sm:w-auto">
          {robot.listed && customer ? (
            <ContactSupplier
              robot={robot}
              projectId={projectId}
              signInRedirect={redirect}
              className="w-full sm:w-auto"
              ProjectSelect={CustomerProjectSelect}
              variant="outline"
            />
          ) : null}
          <RequestQuote robot={robot} projectId={projectId} signInRedirect={redirect} className="w-full sm:w-auto" ProjectSelect={CustomerProjectSelect} />
        </div>
      )}
    />
  );
}
