import { z } from 'zod';
import { BETA_SIGNUP_ROLES } from './constants/beta-signup';

// The plain values live in constants/ (no zod), so a page can show them before it loads a schema.
export { BETA_SIGNUP_ALREADY_MESSAGE, BETA_SIGNUP_CREATED_MESSAGE, BETA_SIGNUP_ROLES, BETA_SIGNUP_ROLE_LABELS, type BetaSignupRole } from './constants/beta-signup';

/** POST /api/beta-signups body. Emails are compared case-insensitively (stored lower-case). */
export const betaSignupRequestSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, { error: 'Name is required' }).max(120, { error: 'Name must be at most 120 characters' }),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter a valid email address' }).max(254, { error: 'Email must be at most 254 characters' })),
  company: z
    .string()
    .trim()
    .max(160, { error: 'Company must be at most 160 characters' })
    .nullish()
    .transform((value) => value ?? ''),
  role: z.enum(BETA_SIGNUP_ROLES, { error: 'Choose customer, supplier, integrator or other' }),
  automation_goal: z
    .string()
    .trim()
    .max(2000, { error: 'Keep what you want to automate under 2000 characters' })
    .nullish()
    .transform((value) => value ?? ''),
});
export type BetaSignupRequest = z.input<typeof betaSignupRequestSchema>;

/** 201 for a new signup (already_registered false), 200 for an email already on the list. */
export const betaSignupResponseSchema = z.object({
  success: z.literal(true),
  already_registered: z.boolean(),
  message: z.string(),
});
export type BetaSignupResponse = z.infer<typeof betaSignupResponseSchema>;
