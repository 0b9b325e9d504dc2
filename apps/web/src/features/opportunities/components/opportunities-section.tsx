import { hasPermission } from '@cellforge/contracts';
import { useEffect, useRef, useState } from 'react';
import { Building2, CheckCircle2, Handshake } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { EmptyState, ErrorState, QueryErrorState } from '@/components/ui/state-message';
import { useSession } from '@/lib/auth/session';
import { cn } from '@/lib/cn';
import { isConnectionError } from '@/lib/query-errors';
import { requestWhich } from '@/lib/request-which';
import { LoadingState } from '@/components/ui/query-state';
import { useOpportunities, type Opportunity } from '../api/get-opportunities';
import { applicationOf, requirementFacts } from '../utils/opportunity-requirements';
import { ExpressInterestDialog } from './express-interest-dialog';

/** The connection-error text, in the words the spec uses for the other integrator lists. */
export const OPPORTUNITIES_CONNECTION_MESSAGE = 'Failed to load opportunities. Please check your connection.';

/**
 * Opportunities (view_opportunities), a section of the Projects tab: customer projects
 * shared with integrators. "Express interest" sends a lead to the customer.
 */
export function OpportunitiesSection() {
  const { role } = useSession();
  const allowed = hasPermission(role, 'view_opportunities');
  const opportunities = useOpportunities({ enabled: allowed });
  const [writingTo, setWritingTo] = useState<Opportunity | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  if (!allowed) return null;

  return (
    <section aria-labelledby="opportunities-heading" aria-busy={opportunities.isFetching || undefined} className="space-y-4">
      <div>
        <h2 id="opportunities-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
          <Handshake className="h-5 w-5 text-slate-600 dark:text-slate-300" aria-hidden="true" />
          Opportunities
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Customer projects shared with system integrators. Express interest and the customer sees your message with your
          company profile in the project’s list of integrators.
        </p>
      </div>

      {opportunities.isPending ? (
        <LoadingState label="Loading opportunities" />
      ) : opportunities.isError ? (
        isConnectionError(opportunities.error) ? (
          <ErrorState
            title="Connection error"
            message={OPPORTUNITIES_CONNECTION_MESSAGE}
            onRetry={() => void opportunities.refetch()}
            retrying={opportunities.isRefetching}
          />
        ) : (
          <QueryErrorState title="Opportunities could not be loaded" query={opportunities} />
        )
      ) : opportunities.data.length === 0 ? (
        // Not "No Entry": that is the tab's own empty list, above; one page should not say it twice.
        <EmptyState title="No opportunities yet">
          <p>No customer has shared a project with integrators yet. Shared projects appear here until they are complete.</p>
        </EmptyState>
      ) : (
        <ul aria-label="Opportunities" className="grid gap-4 md:grid-cols-2">
          {opportunities.data.map((opportunity) => (
            <li key={opportunity.id}>
              <OpportunityCard
                opportunity={opportunity}
                focusSent={sentId === opportunity.id}
                onExpressInterest={() => setWritingTo(opportunity)}
              />
            </li>
          ))}
        </ul>
      )}

      <ExpressInterestDialog
        opportunity={writingTo}
        onClose={() => setWritingTo(null)}
        onSent={(projectId) => {
          setSentId(projectId);
          setWritingTo(null);
        }}
      />
    </section>
  );
}

interface OpportunityCardProps {
  opportunity: Opportunity;
  /** The interest was just sent from here: focus moves to the note that replaced the button. */
  focusSent: boolean;
  onExpressInterest: () => void;
}

function OpportunityCard({ opportunity, focusSent, onExpressInterest }: OpportunityCardProps) {
  const sentRef = useRef<HTMLParagraphElement>(null);
  const application = applicationOf(opportunity.requirements);
  const facts = requirementFacts(opportunity.requirements);
  const sent = opportunity.interest_expressed;
  // Two projects with one name (a customer's "Palletizing line" twice): the buttons are told apart.
  const which = requestWhich({ buyer: opportunity.customer_company?.trim() || null, sentAt: opportunity.created_at });

  useEffect(() => {
    // The button that opened the dialog is gone; keyboard users land on what replaced it.
    if (sent && focusSent) sentRef.current?.focus();
  }, [sent, focusSent]);

  return (
    <article aria-label={`${opportunity.project_name} ${which}`} className={cn(cardClasses, 'flex h-full flex-col gap-3 p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-slate-900 dark:text-white">{opportunity.project_name}</h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <span className="font-medium">Application:</span> {application ?? 'not given'}
          </p>
        </div>
        {sent ? <Badge tone="success">Interest sent</Badge> : null}
      </div>

      {opportunity.customer_company?.trim() ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <Building2 className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="sr-only">Customer: </span>
            {opportunity.customer_company}
          </span>
        </p>
      ) : null}

      {opportunity.description ? (
        <p className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{opportunity.description}</p>
      ) : null}

      {facts.length ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{fact.label}</dt>
              <dd className="font-semibold break-words text-slate-900 dark:text-white">{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">No requirements given yet.</p>
      )}

      <p className="text-xs text-slate-600 dark:text-slate-400">Posted {new Date(opportunity.created_at).toLocaleDateString()}</p>

      <div className="mt-auto">
        {sent ? (
          <p
            ref={sentRef}
            tabIndex={-1}
            className="flex items-start gap-2 rounded-lg text-sm font-medium text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:text-emerald-200 dark:focus-visible:outline-orange-400"
          >
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Your interest was sent. The customer sees your profile and message.
          </p>
        ) : (
          <Button size="sm" onClick={onExpressInterest}>
            Express interest{' '}<span className="sr-only">
              in {opportunity.project_name} {which}
            </span>
          </Button>
        )}
      </div>
    </article>
  );
}
