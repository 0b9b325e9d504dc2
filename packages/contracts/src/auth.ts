import { z } from 'zod';
import { userTypes } from './roles';

const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * A company website as people type it ("example.com" or "https://example.com"): any
 * scheme but http and https ("javascript:", "data:") is refused, since the address is
 * shown to other users.
 */
const websiteText = z
  .string()
  .trim()
  .max(300)
  .refine((v) => !/^[a-z][a-z0-9+.-]*:/i.test(v) || /^https?:\/\//i.test(v), { message: 'Enter a web address starting with http:// or https://, or just the domain' })
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const companySizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address' }).max(254));

/** bcrypt reads at most 72 bytes: a longer password would sign in with any text sharing its first 72 bytes. */
export const PASSWORD_MAX_BYTES = 72;

/**
 * Password rules (docs/product.md §6; the reasons in docs/decisions.md). The API also
 * refuses passwords that are easy to guess (a common-password dictionary).
 */
export const passwordSchema = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password must be at most 128 characters' })
  .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, {
    message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes (72 letters; fewer with accents or emoji)`,
  });

/** Free-form display preferences: at most 16 KB as JSON (the API also refuses nesting over 20 levels). */
export const USER_PREFERENCES_MAX_BYTES = 16_384;
export const userPreferencesSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= USER_PREFERENCES_MAX_BYTES, {
    message: `Preferences must be at most ${USER_PREFERENCES_MAX_BYTES / 1024} KB`,
  });

/** The user as the API answers it (snake_case, docs/product.md §4.1; firstName mirrors first_name). */
export const userSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  firstName: z.string(),
  last_name: z.string(),
  user_type: z.enum(userTypes),
  role: z.enum(userTypes),
  company_name: z.string().nullable(),
  phone: z.string().nullable(),
  job_title: z.string().nullable(),
  website: z.string().nullable(),
  company_size: z.string().nullable(),
  industry: z.string().nullable(),
  preferences: userPreferencesSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: trimmed(80).min(1, { message: 'First name is required' }),
  last_name: trimmed(80).min(1, { message: 'Last name is required' }),
  user_type: z.enum(userTypes, { message: 'Choose customer, supplier or integrator' }),
  company_name: optionalText(160),
  phone: optionalText(40),
  job_title: optionalText(120),
  website: websiteText,
  company_size: optionalText(40),
  industry: optionalText(120),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Password is required' }).max(128),
  required_user_type: z.enum(userTypes).nullable().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
  token: z.string(),
  access_token: z.string(),
  expires_in: z.number(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema });

export const verifyRequestSchema = z.object({ token: z.string().min(1, { message: 'Token is required' }) });
/** docs/product.md §7.2 (a decision): /auth/verify answers { valid, user }. */
export const verifyResponseSchema = z.object({ valid: z.boolean(), user: userSchema.nullable() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** PATCH /auth/me: the editable profile fields. */
export const profileUpdateSchema = z
  .object({
    first_name: trimmed(80).min(1, { message: 'First name is required' }),
    last_name: trimmed(80).min(1, { message: 'Last name is required' }),
    company_name: optionalText(160),
    phone: optionalText(40),
    job_title: optionalText(120),
    website: websiteText,
    company_size: optionalText(40),
    industry: optionalText(120),
    preferences: userPreferencesSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** POST /auth/forgot-password: the account's e-mail. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The longest reset token accepted (the API issues 43 characters). */
export const RESET_TOKEN_MAX_LENGTH = 200;

/** POST /auth/reset-password: the token from the link and the new password (the same rules as at registration). */
export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ message: 'The reset link is missing its token' })
    .trim()
    .min(1, { message: 'The reset link is missing its token' })
    .max(RESET_TOKEN_MAX_LENGTH, { message: 'This reset link is not valid' }),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * The answer of both: forgot-password answers the same (202) whether the account exists
 * or not; reset-password answers 200 once the password is changed.
 */
export const passwordResetAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;
