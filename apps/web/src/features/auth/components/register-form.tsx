import { companySizes, registerRequestSchema, type PortalRole } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { authFailureMessage, SESSION_MESSAGES, useSession } from '@/lib/auth/session';
import type { SessionUser } from '@/lib/auth/session-user';
import { useServerForm } from '@/lib/use-server-form';
import { applyServerFieldErrors } from '../utils/server-errors';

type RegisterValues = z.input<typeof registerRequestSchema>;
type RegisterOutput = z.output<typeof registerRequestSchema>;

const FIELDS = [
  'email',
  'password',
  'first_name',
  'last_name',
  'company_name',
  'phone',
  'job_title',
  'website',
  'company_size',
  'industry',
] as const;

const COMPANY_SIZE_OPTIONS = companySizes.map((size) => ({ value: size, label: `${size} employees` }));

export interface RegisterFormProps {
  role: PortalRole;
  onSuccess: (user: SessionUser) => void;
}

/** Registration with every field of the registration payload; user_type comes from the portal. */
export function RegisterForm({ role, onSuccess }: RegisterFormProps) {
  const { register: registerAccount } = useSession();
  const {
    register,
    submit: onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<RegisterValues, unknown, RegisterOutput>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      email: '',
      password: '',
      first_name: '',
      last_name: '',
      user_type: role,
      company_name: '',
      phone: '',
      job_title: '',
      website: '',
      company_size: '',
      industry: '',
    },
    fields: FIELDS,
    applyFieldErrors: applyServerFieldErrors,
    onValid: async (values) => {
      const user = await registerAccount({ ...values, user_type: role });
      onSuccess(user);
    },
    failureMessage: (error) => authFailureMessage(error, SESSION_MESSAGES.registerFailed),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Create account">
      <FormAlert message={formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message} required>
          <Input autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field label="Last name" error={errors.last_name?.message} required>
          <Input autoComplete="family-name" {...register('last_name')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} hint="At least 8 characters." required>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Company name" error={errors.company_name?.message} optional>
          <Input autoComplete="organization" {...register('company_name')} />
        </Field>
        <Field label="Job title" error={errors.job_title?.message} optional>
          <Input autoComplete="organization-title" {...register('job_title')} />
        </Field>
        <Field label="Phone" error={errors.phone?.message} optional>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field label="Website" error={errors.website?.message} optional>
          <Input type="url" autoComplete="url" placeholder="https://example.com" {...register('website')} />
        </Field>
        <Field label="Company size" error={errors.company_size?.message} optional>
          <Select options={COMPANY_SIZE_OPTIONS} placeholder="Select company size" {...register('company_size')} />
        </Field>
        <Field label="Industry" error={errors.industry?.message} optional>
          <Input placeholder="e.g. Automotive" {...register('industry')} />
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
