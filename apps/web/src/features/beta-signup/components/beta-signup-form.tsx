import type { BetaSignupResponse } from '@cellforge/contracts';
import {
  BETA_SIGNUP_ALREADY_MESSAGE,
  BETA_SIGNUP_CREATED_MESSAGE,
  BETA_SIGNUP_ROLE_LABELS,
  BETA_SIGNUP_ROLES,
  type BetaSignupRole,
} from '@cellforge/contracts/constants';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useCreateBetaSignup } from '../api/create-beta-signup';
import { loadSignupResolver, signupResolver, type SignupOutput, type SignupValues } from './signup-resolver';

const FIELDS = ['name', 'email', 'company', 'role', 'automation_goal'] as const;
const ROLE_OPTIONS = BETA_SIGNUP_ROLES.map((role) => ({ value: role, label: BETA_SIGNUP_ROLE_LABELS[role] }));

export const BETA_SIGNUP_FAILED_MESSAGE = 'We could not add you to the list. Please try again.';

function isRole(value: string | null): value is BetaSignupRole {
  return (BETA_SIGNUP_ROLES as readonly string[]).includes(value ?? '');
}

/** The early-access form. `initialRole` preselects the role (from ?role=supplier). */
export function BetaSignupForm({ initialRole }: { initialRole?: string | null }) {
  const createSignup = useCreateBetaSignup();
  const [answer, setAnswer] = useState<BetaSignupResponse | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues, unknown, SignupOutput>({
    resolver: signupResolver,
    defaultValues: {
      name: '',
      email: '',
      company: '',
      role: (isRole(initialRole ?? null) ? initialRole : '') as BetaSignupRole,
      automation_goal: '',
    },
  });

  useEffect(() => {
    if (answer) doneRef.current?.focus();
  }, [answer]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      setAnswer(await createSignup.mutateAsync(values));
    } catch (error) {
      let named = false;
      if (isApiError(error)) {
        for (const [field, messages] of Object.entries(error.details ?? {})) {
          if ((FIELDS as readonly string[]).includes(field) && messages.length > 0) {
            setError(field as (typeof FIELDS)[number], { type: 'server', message: messages.join(' ') }, { shouldFocus: !named });
            named = true;
          }
        }
      }
      setFormError(isApiError(error) && error.fromServer ? error.message : BETA_SIGNUP_FAILED_MESSAGE);
    }
  });

  if (answer) {
    const already = answer.already_registered;
    return (
      <div
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 focus:outline-none dark:border-emerald-800 dark:bg-emerald-950/60"
      >
        <div className="flex items-start gap-3">
          <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          <div>
            <p className="text-lg font-semibold text-emerald-950 dark:text-emerald-50">
              {answer.message || (already ? BETA_SIGNUP_ALREADY_MESSAGE : BETA_SIGNUP_CREATED_MESSAGE)}
            </p>
            <p className="mt-2 text-emerald-900 dark:text-emerald-100">
              {already
                ? 'Your place is kept; there is nothing more to do.'
                : 'While you wait, browse the catalog or estimate the payback of a robot cell.'}
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to={paths.catalog.getHref()} className={buttonClasses()}>
                Browse the catalog
              </Link>
              <Link to={paths.roiCalculator.getHref()} className={buttonClasses({ variant: 'outline' })}>
                Open the ROI calculator
              </Link>
            </div>
          </div>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSignupResolver().catch(() => undefined)} noValidate className="space-y-5" aria-label="Get Early Access">
      <FormAlert message={formError} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" {...register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Company" error={errors.company?.message} optional>
          <Input autoComplete="organization" {...register('company')} />
        </Field>
        <Field label="I am a" error={errors.role?.message} required>
          <Select options={ROLE_OPTIONS} placeholder="Choose one" {...register('role')} />
        </Field>
      </div>
      <Field
        label="What do you want to automate?"
        error={errors.automation_goal?.message}
        hint="For example: palletising 20 kg boxes at the end of two lines. This helps us invite the right people first."
        optional
      >
        <Textarea rows={4} {...register('automation_goal')} />
      </Field>
      <Button type="submit" size="lg" loading={isSubmitting}>
        Get Early Access
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We only use your email to invite you and to tell you about the early-access programme. See the{' '}
        <Link
          to={paths.privacy.getHref()}
          className="font-medium text-orange-800 underline underline-offset-2 dark:text-orange-300"
        >
          privacy notice
        </Link>
        .
      </p>
    </form>
  );
}
