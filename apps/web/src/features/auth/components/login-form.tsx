import { loginRequestSchema, type PortalRole } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { authFailureMessage, SESSION_MESSAGES, useSession } from '@/lib/auth/session';
import type { SessionUser } from '@/lib/auth/session-user';
import { useServerForm } from '@/lib/use-server-form';
import { applyServerFieldErrors } from '../utils/server-errors';

type LoginValues = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

const FIELDS = ['email', 'password'] as const;

export interface LoginFormProps {
  role: PortalRole;
  onSuccess: (user: SessionUser) => void;
}

/** Sign-in for one portal: sends required_user_type = the portal's user_type. */
export function LoginForm({ role, onSuccess }: LoginFormProps) {
  const { login } = useSession();
  const {
    register,
    submit: onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<LoginValues, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', required_user_type: role },
    fields: FIELDS,
    applyFieldErrors: applyServerFieldErrors,
    onValid: async (values) => {
      const user = await login({ ...values, required_user_type: role });
      onSuccess(user);
    },
    failureMessage: (error) => authFailureMessage(error, SESSION_MESSAGES.loginFailed),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign in">
      <FormAlert message={formError} />
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link
          to={paths.forgotPassword.getHref()}
          className="font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
