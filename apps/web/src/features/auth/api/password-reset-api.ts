import { passwordResetAnswerSchema, type ForgotPasswordRequest, type PasswordResetAnswer, type ResetPasswordRequest } from '@cellforge/contracts';
import { api } from '@/lib/api-client';
import { parseAnswer } from '@/lib/api-answer';

/** POST /auth/forgot-password: the same answer whether the account exists or not. */
export async function postForgotPassword(body: ForgotPasswordRequest): Promise<PasswordResetAnswer> {
  return parseAnswer(passwordResetAnswerSchema, await api.post('/auth/forgot-password', body, { auth: false }));
}

/** POST /auth/reset-password: RESET_TOKEN_INVALID / _EXPIRED / _USED (400) for a link that no longer works. */
export async function postResetPassword(body: ResetPasswordRequest): Promise<PasswordResetAnswer> {
  return parseAnswer(passwordResetAnswerSchema, await api.post('/auth/reset-password', body, { auth: false }));
}
