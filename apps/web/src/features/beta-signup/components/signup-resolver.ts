import type { betaSignupRequestSchema } from '@cellforge/contracts';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

type SignupSchema = typeof betaSignupRequestSchema;
export type SignupValues = z.input<SignupSchema>;
export type SignupOutput = z.output<SignupSchema>;

let loading: Promise<Resolver<SignupValues, unknown, SignupOutput>> | null = null;

/**
 * The form's zod resolver, fetched on first use: the page paints its form without zod
 * and the request schema (about 40 kB of JavaScript), which load while the visitor types
 * (loadSignupResolver on the form's first focus) or, at the latest, on submit.
 */
export function loadSignupResolver(): Promise<Resolver<SignupValues, unknown, SignupOutput>> {
  loading ??= import('./signup-validation')
    .then(({ validateSignup }) => validateSignup)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The same answers as zodResolver(betaSignupRequestSchema), its code loaded on demand. */
export const signupResolver: Resolver<SignupValues, unknown, SignupOutput> = async (values, context, options) =>
  (await loadSignupResolver())(values, context, options);

