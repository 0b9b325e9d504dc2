import { roleDisplayName } from '@cellforge/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/api-answer';
import { useSession } from '@/lib/auth/session';
import { useProject } from '../api/projects';
import { useProjectMatches } from '../api/get-project-matches';
import { unknownValuesNote } from '@/lib/robot-format';
import { requirementPhrases } from '../utils/requirements';
import { IntegratorsPanel } from './integrators-panel';
import { MatchCard, type RenderContact } from './match-card';

function dashboardLink(label = 'Back to your projects') {
  return (
    <Link to={paths.dashboard.getHref()} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

function editHref(projectId: string): string {
  return `${paths.dashboard.getHref()}?${new URLSearchParams({ edit: projectId }).toString()}`;
}

/** /projects/:projectId/robots: the project's matching robots, ranked by fit, and integrators who could deploy it. */
export function ProjectMatchesPage({ projectId, renderContact }: { projectId: string; renderContact: RenderContact }) {
  const { role } = useSession();
  const matches = useProjectMatches(projectId);
  const status = isApiError(matches.error) ? matches.error.status : null;
  // Without requirements the matches answer 400; the project itself still has a name to show.
  const project = useProject(projectId, { enabled: status === 400 });

  if (matches.isPending) {
    return (
      <Page title="Matching robots">
        <div role="status" aria-label="Loading matching robots" className="space-y-4">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      </Page>
    );
  }

  if (status === 404) {
    return (
      <Page
        title="Project not found"
        lead={<p>This project does not exist or belongs to another account.</p>}
        actions={dashboardLink('Go to your dashboard')}
      />
    );
  }

  if (status === 403) {
    return (
      <Page
        title="Matching robots"
        lead={
          <>
            <p>
              Projects and their matching robots belong to the Customer portal.
              {role ? ` You are signed in as a ${roleDisplayName(role)}.` : ''}
            </p>
            {matches.error?.message ? <p className="mt-2 text-base">{errorMessageOf(matches.error, '')}</p> : null}
          </>
        }
        actions={
          <>
            <Link
              to={paths.authPortal.getHref('customer', paths.projectRobots.getHref(projectId))}
              className={buttonClasses()}
            >
              Sign in as Customer
            </Link>
            {dashboardLink('Go to your dashboard')}
          </>
        }
      />
    );
  }

  if (status === 400) {
    return (
      <Page
        title={project.data ? `Matching robots: ${project.data.project_name}` : 'Matching robots'}
        actions={dashboardLink()}
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <EmptyState
            title="No requirements yet"
            actions={
              <Link to={editHref(projectId)} className={buttonClasses()}>
                Add requirements
              </Link>
            }
          >
            <p>{errorMessageOf(matches.error, 'Add a payload, a reach or an application to see matching robots.')}</p>
          </EmptyState>
          <IntegratorsPanel projectId={projectId} />
        </div>
      </Page>
    );
  }

  if (matches.isError) {
    return (
      <Page title="Matching robots" actions={dashboardLink()}>
        <QueryErrorState title="Matching robots could not be loaded" query={matches} />
      </Page>
    );
  }

  const { project: current, data } = matches.data;
  const unknownNote = unknownValuesNote(matches.data.unknown_values);
  const phrases = requirementPhrases(current.requirements);
  // Makers the description rules out ("no FANUC please"), read by the API and left out of the matches.
  const excludedMakers = matches.data.from_description?.excluded_makers ?? [];
  if (excludedMakers.length) phrases.push(`Not ${excludedMakers.join(' or ')} (from your description)`);
  // Everything the description states, as the search box and the chat read the same words.
  const readAs = matches.data.from_description?.read_as ?? [];
  // What the description states that no robot's data can show (a cycle time), said rather than dropped.
  const notApplied = matches.data.from_description?.not_applied ?? [];
  return (
    <Page
      title={`Matching robots: ${current.project_name}`}
      lead={
        <>
          <p>Ranked by how well each robot fits the project&rsquo;s requirements, with the reasons.</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="fit-score-meaning">
            The fit score follows this order: 100 is the closest fit; a robot that misses a requirement scores below 40.
          </p>
          {phrases.length ? (
            <ul aria-label="Requirements" className="mt-3 flex flex-wrap gap-2">
              {phrases.map((phrase) => (
                <li key={phrase}>
                  <Badge>{phrase}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {readAs.length ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="description-reading">
              Read from your description:{' '}
              {/* Each phrase stays on one line where it fits ("reach 1,000–1,500 mm" is not split at the dash on a phone). */}
              {readAs.map((phrase, i) => (
                <span key={phrase}>
                  {i ? ' · ' : null}
                  <span className="inline-block">{phrase}</span>
                </span>
              ))}
            </p>
          ) : null}
          {notApplied.length ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="description-not-applied">
              Not checked: {notApplied.join(' · ')}
            </p>
          ) : null}
        </>
      }
      actions={
        <>
          {dashboardLink()}
          <Link to={editHref(projectId)} className={buttonClasses({ variant: 'ghost' })}>
            Edit requirements
          </Link>
        </>
      }
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="matches-heading">
          <h2 id="matches-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
            {data.length === 1 ? '1 matching robot' : `${data.length} matching robots`}
          </h2>
          {unknownNote ? (
            <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="unknown-values">
              {unknownNote}
            </p>
          ) : null}
          {data.length === 0 ? (
            <EmptyState
              title="No robots fit these requirements"
              actions={
                <Link to={editHref(projectId)} className={buttonClasses({ variant: 'outline' })}>
                  Edit requirements
                </Link>
              }
            >
              <p>Try a wider reach, a higher budget, another application or fewer environment limits.</p>
            </EmptyState>
          ) : (
            <ol className="space-y-4">
              {data.map((match, index) => (
                <li key={match.robot_id}>
                  <MatchCard match={match} rank={index + 1} renderContact={renderContact} />
                </li>
              ))}
            </ol>
          )}
        </section>
        <IntegratorsPanel projectId={projectId} />
      </div>
    </Page>
  );
}
