import type { z } from 'zod';
import type { betaSignupRequestSchema } from '@cellforge/contracts';
import type { Database } from '@cellforge/db';
import { findBetaSignupByEmail, insertBetaSignup } from './beta-signups.repository';

export type BetaSignupInput = z.output<typeof betaSignupRequestSchema>;

/**
 * Puts someone on the early-access list once. A repeated email (any capitalisation)
 * changes nothing: the first signup's details stay, and nobody can overwrite another
 * person's entry by signing up with their address.
 */
export async function registerBetaSignup(db: Database, input: BetaSignupInput): Promise<{ created: boolean }> {
  const email = input.email.toLowerCase();
  if (await findBetaSignupByEmail(db, email)) return { created: false };
  const row = await insertBetaSignup(db, {
    email,
    name: input.name,
    company: input.company || null,
    role: input.role,
    automationGoal: input.automation_goal || null,
  });
  return { created: row !== undefined };
}
