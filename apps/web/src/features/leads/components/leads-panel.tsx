import type { Lead } from '@cellforge/contracts';
import { Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/components/ui/state-message';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-answer';
import { cn } from '@/lib/cn';
import { requestWhich } from '@/lib/request-which';
import { robotName } from '@/lib/robot-format';
import { useLeads } from '../api/get-leads';
import { useUpdateLeadStatus, type LeadStatus } from '../api/update-lead-status';

type LeadFilter = 'all' | LeadStatus;
/** Quoted, accepted and declined leads count under Contacted: the supplier has answered them. */
const inFilter = (lead: Lead, filter: LeadFilter) =>
  filter === 'all' || lead.status === filter || (filter === 'contacted' && ['quoted', 'accepted', 'declined'].includes(lead.status));

export const LEAD_STATUS_LABEL: Record<Lead['status'], string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: 'Closed',
};
const STATUS_TONE: Record<Lead['status'], BadgeTone> = {
  new: 'brand',
  contacted: 'success',
  quoted: 'warning',
  accepted: 'success',
  declined: 'danger',
  closed: 'neutral',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The leads inbox: customers' messages, filtered by status, each movable to contacted / closed. */
export function LeadsPanel() {
  const leads = useLeads();
  const [filter, setFilter] = useState<LeadFilter>('all');
  const all = leads.data ?? [];
  const count = (status: LeadFilter) => all.filter((lead) => inFilter(lead, status)).length;
  const label = (status: LeadFilter, text: string) => (leads.data ? `${text} (${count(status)})` : text);

  const list = (status: LeadFilter) => {
    const shown = all.filter((lead) => inFilter(lead, status));
    if (shown.length === 0) {
      return (
        <EmptyState title={status === 'all' ? 'No leads yet' : `No ${LEAD_STATUS_LABEL[status].toLowerCase()} leads`}>
          <p>
            {status === 'all'
              ? 'When a customer contacts you about one of your listings, the message arrives here.'
              : 'Leads move here when you change their status.'}
          </p>
        </EmptyState>
      );
    }
    return (
      <ul className="space-y-3">
        {shown.map((lead) => (
          <li key={lead.id}>
            <LeadItem lead={lead} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Leads
      </h2>
      <div className="mt-4">
        {leads.isPending ? (
          <div role="status" aria-label="Loading leads" className="space-y-3">
            <Skeleton className="h-32 rounded-2xl" />
          </div>
        ) : leads.isError ? (
          <QueryErrorState title="Your leads could not be loaded" query={leads} />
        ) : (
          <Tabs<LeadFilter>
            label="Leads by status"
            value={filter}
            onValueChange={setFilter}
            items={[
              { value: 'all', label: label('all', 'All'), content: list('all') },
              { value: 'new', label: label('new', 'New'), content: list('new') },
              { value: 'contacted', label: label('contacted', 'Contacted'), content: list('contacted') },
              { value: 'closed', label: label('closed', 'Closed'), content: list('closed') },
            ]}
          />
        )}
      </div>
    </section>
  );
}

function LeadItem({ lead }: { lead: Lead }) {
  const updateStatus = useUpdateLeadStatus();
  const about = lead.robot ? robotName(lead.robot) : 'your listing';
  // Two leads from one buyer on one model (two projects, or asked twice): their controls are told apart.
  const which = `${lead.from.name} about ${about}, ${requestWhich({ project: lead.project?.project_name, sentAt: lead.created_at })}`;

  const move = async (status: LeadStatus) => {
    try {
      await updateStatus.mutateAsync({ id: lead.id, status });
      toast.success(`Lead marked ${LEAD_STATUS_LABEL[status].toLowerCase()}`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'The lead could not be changed.'));
    }
  };

  const action = (status: LeadStatus, text: string, variant: 'primary' | 'outline' | 'ghost') => (
    <Button size="sm" variant={variant} onClick={() => void move(status)} disabled={updateStatus.isPending}>
      {text}
      <span className="sr-only">: lead from {which}</span>
    </Button>
  );

  return (
    <article aria-label={`Lead from ${which}`} className={cn(cardClasses, 'p-5')}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white">
            {lead.robot ? (
              <Link to={paths.robot.getHref(lead.robot.id)} className="hover:underline hover:underline-offset-4">
                {about}
              </Link>
            ) : (
              about
            )}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={lead.created_at}>{dateFormat.format(new Date(lead.created_at))}</time>
            {lead.project ? <> · Project: {lead.project.project_name}</> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {lead.kind === 'quote_request' ? <Badge tone="warning">Request for quote</Badge> : null}
          <Badge tone={STATUS_TONE[lead.status]}>{LEAD_STATUS_LABEL[lead.status]}</Badge>
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">{lead.message}</p>
      <div className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        <p className="font-medium text-slate-900 dark:text-white">
          {lead.from.name}
          {lead.from.company_name ? `, ${lead.from.company_name}` : ''}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <a
            href={`mailto:${lead.from.email}`}
            className="inline-flex items-center gap-1 font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
          >
            <Mail className="h-3.5 w-3.5" aria-hidden="true" />
            {lead.from.email}
          </a>
          {lead.from.phone ? (
            <a href={`tel:${lead.from.phone}`} className="inline-flex items-center gap-1 underline underline-offset-4">
              <Phone className="h-3.5 w-3.5" aria-hidden="true" />
              {lead.from.phone}
            </a>
          ) : null}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.thread.getHref(lead.id)} className={buttonClasses({ size: 'sm' })}>
          {lead.kind === 'quote_request' ? 'Answer with a quote' : 'Reply'}
          <span className="sr-only">: lead from {which}</span>
        </Link>
        {lead.status === 'new' ? action('contacted', 'Mark contacted', 'outline') : null}
        {lead.status !== 'closed' ? action('closed', 'Mark closed', 'outline') : null}
        {lead.status === 'contacted' || lead.status === 'closed' ? action('new', 'Mark new', 'ghost') : null}
      </div>
    </article>
  );
}
