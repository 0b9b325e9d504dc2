import { createLeadSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/textarea';
import { robotName } from '@/lib/robot-format';
import { useServerForm } from '@/lib/use-server-form';
import { useCreateLead } from '../api/create-lead';
import { CONTACT_FAILED_MESSAGE, CONTACT_SENT_TOAST } from './contact-messages';
import type { ContactSupplierProps, ProjectSelect } from './contact-supplier';

const contactFormSchema = z.object({
  project_id: z.string(),
  message: createLeadSchema.shape.message,
});
type ContactFormValues = z.infer<typeof contactFormSchema>;

/**
 * The "Contact supplier" form (react-hook-form, zod): its own chunk, loaded when a
 * customer opens it (or points at the button), not with the robot page.
 */
export default function ContactSupplierDialog({
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
