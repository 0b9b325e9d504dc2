/** Who is signing up for early access. */
export const BETA_SIGNUP_ROLES = ['customer', 'supplier', 'integrator', 'other'] as const;
export type BetaSignupRole = (typeof BETA_SIGNUP_ROLES)[number];

export const BETA_SIGNUP_ROLE_LABELS: Record<BetaSignupRole, string> = {
  customer: 'Customer: I want to automate a task',
  supplier: 'Supplier: I sell robots',
  integrator: 'System integrator: I deploy robots',
  other: 'Other',
};

export const BETA_SIGNUP_CREATED_MESSAGE = "You're on the list! We'll be in touch.";
export const BETA_SIGNUP_ALREADY_MESSAGE = "You're already on the list — we'll be in touch soon.";
