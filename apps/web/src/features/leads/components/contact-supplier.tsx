import { createLeadSchema, roleDisplayName } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Mail } from 'lucide-react';
import { useState, type ComponentProps, type ComponentType } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import type { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { robotName } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateLead } from '../api/create-lead';

export const CONTACT_SENT_TOAST = 'Message sent to the supplier';
export const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';

const contactFormSchema = z.object({
  project_id: z.string(),
  message: createLeadSchema.shape.message,
});
type ContactFormValues = z.infer<typeof contactFormSchema>;

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

  if (isLoading) return null;
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
      <Button variant={variant} className="w-full" onClick={() => setOpen(true)}>
        <Mail className="h-4 w-4" aria-hidden="true" />
        Contact supplier
      </Button>
      {open ? (
        <ContactSupplierDialog robot={robot} projectId={projectId} ProjectSelect={ProjectSelect} onClose={() => setOpen(false)} />
      ) : null}
    </div>
  );
}

function ContactSupplierDialog({
  robot,
  projectId,
  ProjectSelect,
  onClose,
}: {
  robot: ContactSupplierProps['robot'];
  projectId?: string;
  ProjectSelect: ProjectSelect;
  onClose: () => void;
}) {
  const name = robotName(robot);
  const createLead = useCreateLead();
  const [sent, setSent] = useState(false);
  const {
    register,
    watch,
    submit: onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { project_id: projectId ?? '', message: '' },
    fields: ['message', 'project_id'],
    onValid: async (values) => {
      await createLead.mutateAsync({
        robot_id: robot.id,
        ...(values.project_id ? { project_id: values.project_id } : {}),
        message: values.message,
      });
      setSent(true);
      toast.success(CONTACT_SENT_TOAST);
    },
    failureMessage: CONTACT_FAILED_MESSAGE,
  });

  return (
    <Dialog open onClose={onClose} title="Contact the supplier" description={<>About the {name}.</>}>
      {sent ? (
        <div role="status" className="space-y-4">
          <p className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            Your message was sent. The supplier sees it with your name and email and will answer you by email.
          </p>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Message to the supplier">
          <FormAlert message={formError} />
          <Field label="Project" optional hint="The supplier sees the project's name." error={errors.project_id?.message}>
            {/* Controlled: the projects load after the form, and the pre-selected one must show once they do. */}
            <ProjectSelect {...register('project_id')} value={watch('project_id')} />
          </Field>
          <Field label="Message" required error={errors.message?.message} hint="At least 10 characters.">
            <Textarea
              rows={5}
              placeholder="What do you want to automate, how many units, by when?"
              {...register('message')}
            />
          </Field>
          <FormActions submitLabel="Send message" submitting={isSubmitting} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
