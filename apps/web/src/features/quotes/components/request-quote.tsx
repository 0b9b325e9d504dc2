import { roleDisplayName } from '@cellforge/contracts';
import { FileText } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import type { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';

/** The customer's project picker (features/projects), given by the route: features do not import each other. */
export type ProjectSelect = ComponentType<Omit<ComponentProps<typeof Select>, 'options' | 'placeholder'>>;

const RequestQuoteDialog = lazy(() => import('./request-quote-dialog'));

export interface RequestQuoteProps {
  robot: { id: string; manufacturer: string; model: string };
  ProjectSelect: ProjectSelect;
  /** Pre-selects a project (from the project's matches). */
  projectId?: string;
  /** Where sign-in brings a visitor back to. */
  signInRedirect: string;
  className?: string;
  /** Outline instead of the primary look (when another main action sits beside it). */
  variant?: 'primary' | 'outline';
  /** Opens the form at once (a link "ask for a price" from the assistant or compare: /robots/:id?quote=1). */
  autoOpen?: boolean;
  /** One supplier's offer (the robot page's offers table): the request goes to that supplier only. */
  offer?: { id: string; supplierName: string };
}

/**
 * "Request a quote" on any robot a customer can see: a visitor is asked to sign in as a
 * customer, another role is told who requests quotes, a customer fills a short form whose
 * code loads when it opens (POST /api/quote-requests).
 */
export function RequestQuote({ robot, projectId, signInRedirect, className, ProjectSelect, variant = 'primary', autoOpen = false, offer }: RequestQuoteProps) {
  const { user, role, isLoading } = useSession();
  const [open, setOpen] = useState(autoOpen);

  if (isLoading) return null;
  if (!user) {
    return (
      <div className={className}>
        <Link to={paths.authPortal.getHref('customer', signInRedirect)} className={buttonClasses({ variant, className: 'w-full' })}>
          <FileText className="h-4 w-4" aria-hidden="true" />
          Sign in to request a quote
        </Link>
      </div>
    );
  }
  if (role !== 'customer') {
    return (
      <p className={className}>
        <span className="block rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          Customers request quotes. You are signed in as a {roleDisplayName(role)}: customers’ requests reach you under{' '}
          <Link to={paths.messages.getHref()} className="font-medium underline">
            Messages
          </Link>
          .
        </span>
      </p>
    );
  }
  return (
    <div className={className}>
      <Button variant={variant} className="w-full" onClick={() => setOpen(true)}>
        <FileText className="h-4 w-4" aria-hidden="true" />
        Request a quote
        {offer ? <span className="sr-only"> from {offer.supplierName}</span> : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RequestQuoteDialog robot={robot} projectId={projectId} ProjectSelect={ProjectSelect} offer={offer} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
