import { loginRequestSchema, type PortalRole } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { authFailureMessage, SESSION_MESSAGES, useSession } from '@/lib/auth/session';
import type { SessionUser } from '@/lib/auth/session-user';
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', required_user_type: role },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await login({ ...values, required_user_type: role });
      onSuccess(user);
    } catch (error) {
      applyServerFieldErrors<LoginValues>(error, FIELDS, setError);
      setFormError(authFailureMessage(error, SESSION_MESSAGES.loginFailed));
    }
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
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
