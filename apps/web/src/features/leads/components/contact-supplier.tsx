import { roleDisplayName } from '@cellforge/contracts';
import { Mail } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import type { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { robotName } from '@/lib/robot-format';

export { CONTACT_FAILED_MESSAGE, CONTACT_SENT_TOAST } from './contact-messages';

// The form (react-hook-form, its zod resolver, the project picker's select) is its own chunk: it loads when
// the button is pointed at, focused or pressed, not with the page.
const loadDialog = () => import('./contact-supplier-dialog');
const ContactSupplierDialog = lazy(loadDialog);

/**
 * The customer's project picker (features/projects), given by the route: features do not
 * import each other. A select without options: it lists the projects itself.
 */
export type ProjectSelect = ComponentType<Omit<ComponentProps<typeof Select>, 'options' | 'placeholder'>>;

export interface ContactSupplierProps {
  robot: { id: string; manufacturer: string; model: string };
  ProjectSelect: ProjectSelect;
  /** Pre-selects a project (from the project's matches). */
  projectId?: string;
  /** Where sign-in brings a visitor back to. */
  signInRedirect: string;
  className?: string;
  /** Outline when "Request a quote" is the main action beside it. */
  variant?: 'primary' | 'outline';
}

/**
 * "Contact supplier": a visitor is asked to sign in as a customer, another role is told
 * only customers contact suppliers, a customer writes a message (POST /api/leads).
 */
export function ContactSupplier({ robot, projectId, signInRedirect, className, ProjectSelect, variant = 'primary' }: ContactSupplierProps) {
  const { user, role, isLoading } = useSession();
  const [open, setOpen] = useState(false);

  // While a stored session is checked: a block of the button's size, so nothing below it moves when it shows.
  if (isLoading) {
    return (
      <div className={className} data-testid="contact-supplier-placeholder">
        <Skeleton className="h-10 w-full rounded-lg" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className={className}>
        <Link to={paths.authPortal.getHref('customer', signInRedirect)} className={buttonClasses({ className: 'w-full' })}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          Sign in to contact the supplier
        </Link>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Suppliers answer customers; signing in takes a minute.</p>
      </div>
    );
  }
  if (role !== 'customer') {
    return (
      <p className={className}>
        <span className="block rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          Only customers contact suppliers. You are signed in as a {roleDisplayName(role)}.
        </span>
      </p>
    );
  }
  return (
    <div className={className}>
      <Button
        variant={variant}
        className="w-full"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <Mail className="h-4 w-4" aria-hidden="true" />
        Contact supplier
      </Button>
      {open ? (
        <Suspense fallback={<DialogLoading robot={robot} onClose={() => setOpen(false)} />}>
          <ContactSupplierDialog robot={robot} projectId={projectId} ProjectSelect={ProjectSelect} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}


/** The dialog's frame while the form's code loads (same title, a form-sized body), so the form takes its place without a jump. */
function DialogLoading({ robot, onClose }: { robot: ContactSupplierProps['robot']; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Contact the supplier" description={<>About the {robotName(robot)}.</>}>
      <div className="flex min-h-72 items-center justify-center">
        <Spinner label="Loading the form" />
      </div>
    </Dialog>
  );
}
