import { passwordSchema } from '@cellforge/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { InlineAlert } from '@/components/ui/inline-alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageOf } from '@/lib/api-answer';
import { useServerForm } from '@/lib/use-server-form';
import { postResetPassword } from '../api/password-reset-api';
import { applyServerFieldErrors } from '../utils/server-errors';
import { linkClasses } from './forgot-password-page';

const resetFormSchema = z
  .object({ password: passwordSchema, confirm: z.string().min(1, { message: 'Repeat the new password' }) })
  .refine((v) => v.password === v.confirm, { message: 'The two passwords are not the same', path: ['confirm'] });
type Values = z.input<typeof resetFormSchema>;

export const RESET_FAILED_MESSAGE = 'Your password could not be changed. Please try again.';
const LINK_CODES = new Set(['RESET_TOKEN_INVALID', 'RESET_TOKEN_EXPIRED', 'RESET_TOKEN_USED']);
const NO_TOKEN_MESSAGE = 'This password reset link is not complete. Open the link from the e-mail again, or ask for a new one.';

/**
 * /reset-password?token=…: chooses a new password with the link from the e-mail. The token
 * is taken out of the address bar at once (kept in memory), so it is not left in the
 * history or shown over someone's shoulder.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const [done, setDone] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : NO_TOKEN_MESSAGE);

  useEffect(() => {
    if (searchParams.has('token')) void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [searchParams, navigate, location.pathname, location.hash]);

  const {
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<Values>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
    fields: ['password'],
    applyFieldErrors: applyServerFieldErrors,
    onValid: async ({ password }) => {
      try {
        setDone((await postResetPassword({ token, password })).message);
      } catch (error) {
        if (isApiError(error) && LINK_CODES.has(error.code)) setLinkProblem(errorMessageOf(error, NO_TOKEN_MESSAGE));
        else throw error;
      }
    },
    failureMessage: RESET_FAILED_MESSAGE,
  });

  const askAgain = (
    <Link to={paths.forgotPassword.getHref()} className={linkClasses}>
      Ask for a new link
    </Link>
  );

  return (
    <Page title="Choose a new password" documentTitle="Reset password" className="max-w-2xl">
      <Card>
        {done ? (
          <div className="space-y-5">
            <InlineAlert tone="success" title="Password changed" detail={done} />
            <Link to={paths.auth.getHref()} className={linkClasses}>
              Sign in
            </Link>
          </div>
        ) : linkProblem ? (
          <div className="space-y-5">
            <InlineAlert title="This link cannot be used" detail={linkProblem} />
            {askAgain}
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Choose a new password">
            {formError ? <InlineAlert title={formError} /> : null}
            <Field
              label="New password"
              error={errors.password?.message}
              hint="At least 8 characters; a phrase of several unrelated words is easy to remember and hard to guess."
              required
            >
              <Input type="password" autoComplete="new-password" {...register('password')} />
            </Field>
            <Field label="Repeat the new password" error={errors.confirm?.message} required>
              <Input type="password" autoComplete="new-password" {...register('confirm')} />
            </Field>
            <p className="text-sm text-slate-700 dark:text-slate-300">Changing it signs your account out on every device.</p>
            <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
              Change password
            </Button>
          </form>
        )}
      </Card>
    </Page>
  );
}
