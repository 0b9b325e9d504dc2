import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { errorMessageOf } from './api-answer';
import { applyServerFieldErrors } from './form-errors';

/** Puts a failed answer's field messages onto the form's fields (see applyServerFieldErrors). */
export type ServerFieldErrorsApplier<TInput extends FieldValues> = (
  error: unknown,
  fields: readonly Path<TInput>[],
  setError: UseFormSetError<TInput>,
) => boolean;

export interface UseServerFormOptions<TInput extends FieldValues, TContext, TOutput>
  extends UseFormProps<TInput, TContext, TOutput> {
  /** The fields a server's field errors may land on. */
  fields: readonly Path<TInput>[];
  /** The call (and what follows its success); a throw is a failed submit. */
  onValid: (values: TOutput) => Promise<unknown> | void;
  /**
   * The form-level message of a failure: a fallback for errorMessageOf (the server's
   * own message wins), or a function of the error.
   */
  failureMessage: string | ((error: unknown) => string);
  /** How field errors are applied; the shared applyServerFieldErrors by default. */
  applyFieldErrors?: ServerFieldErrorsApplier<TInput>;
}

export type UseServerFormReturn<TInput extends FieldValues, TContext, TOutput> = UseFormReturn<TInput, TContext, TOutput> & {
  /** Why the last submit failed; null before a failure and from the next submit on. */
  formError: string | null;
  /** The form's onSubmit: validates, clears the message, runs onValid, reports a failure. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * useForm plus the server round trip every form repeats: on a failure the server's
 * field errors land on `fields` (the first gets focus) and `formError` says why.
 */
export function useServerForm<TInput extends FieldValues, TContext = unknown, TOutput = TInput>({
  fields,
  onValid,
  failureMessage,
  applyFieldErrors = applyServerFieldErrors,
  ...formProps
}: UseServerFormOptions<TInput, TContext, TOutput>): UseServerFormReturn<TInput, TContext, TOutput> {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, TContext, TOutput>(formProps);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onValid(values);
    } catch (error) {
      applyFieldErrors(error, fields, form.setError);
      setFormError(typeof failureMessage === 'string' ? errorMessageOf(error, failureMessage) : failureMessage(error));
    }
  });

  return { ...form, formError, submit };
}
