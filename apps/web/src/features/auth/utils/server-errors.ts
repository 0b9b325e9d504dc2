import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Puts a failed answer's field `details` (field -> messages) onto the form's
 * fields. Returns true when at least one field got a message. An EMAIL_TAKEN
 * answer is shown on the email field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error)) return false;
  const known = new Set<string>(fields);
  let first = true;
  let applied = false;
  const apply = (field: Path<T>, message: string) => {
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
    applied = true;
  };
  for (const [field, messages] of Object.entries(error.details ?? {})) {
    if (known.has(field) && messages.length > 0) apply(field as Path<T>, messages.join(' '));
  }
  if (!applied && error.code === 'EMAIL_TAKEN' && known.has('email')) apply('email' as Path<T>, error.message);
  return applied;
}
