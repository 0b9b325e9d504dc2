import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts a failed answer's `details` (field -> messages, dotted paths such as
 * "requirements.payload_kg") onto the form's fields; the first one gets focus.
 * Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.details) return false;
  const known = new Set<string>(fields);
  let applied = false;
  for (const [serverField, messages] of Object.entries(error.details)) {
    // "applications.0" (an item of a list) belongs to the "applications" field.
    const field = known.has(serverField) ? serverField : serverField.split('.')[0];
    if (!field || !known.has(field) || messages.length === 0) continue;
    setError(field as Path<T>, { type: 'server', message: messages.join(' ') }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
