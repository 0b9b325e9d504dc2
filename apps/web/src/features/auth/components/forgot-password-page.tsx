import { forgotPasswordRequestSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { InlineAlert } from '@/components/ui/inline-alert';
import { paths } from '@/config/paths';
import { useServerForm } from '@/lib/use-server-form';
import { postForgotPassword } from '../api/password-reset-api';
import { applyServerFieldErrors } from '../utils/server-errors';

type Values = z.input<typeof forgotPasswordRequestSchema>;
type Output = z.output<typeof forgotPasswordRequestSchema>;

export const FORGOT_FAILED_MESSAGE = 'The reset link could not be requested. Please try again.';
export const linkClasses = 'font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300';

/** /forgot-password: asks for a reset link by e-mail; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<Values, unknown, Output>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: searchParams.get('email') ?? '' },
    fields: ['email'],
    applyFieldErrors: applyServerFieldErrors,
    onValid: async (values) => setSent((await postForgotPassword(values)).message),
    failureMessage: FORGOT_FAILED_MESSAGE,
  });

  return (
    <Page
      title="Forgot your password?"
      documentTitle="Forgot password"
      lead={<p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>}
      className="max-w-2xl"
    >
      <Card>
        {sent ? (
          <div className="space-y-5">
            <InlineAlert tone="success" title="Check your inbox" detail={sent} />
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Wrong address?{' '}
              <button type="button" className={linkClasses} onClick={() => setSent(null)}>
                Try another e-mail
              </button>
            </p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Request a password reset link">
            <FormAlert message={formError} />
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
            </Field>
            <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
              Send reset link
            </Button>
          </form>
        )}
      </Card>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Remembered it?{' '}
        <Link to={paths.auth.getHref()} className={linkClasses}>
          Back to sign in
        </Link>
      </p>
    </Page>
  );
}
