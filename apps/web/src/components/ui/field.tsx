import {
  cloneElement,
  forwardRef,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-600 ' +
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-orange-400 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

export function controlBorder(invalid: boolean): string {
  return invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600';
}

interface ControlA11yProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FieldProps {
  label: string;
  /** Shown under the control and linked with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Marks optional fields in the label. */
  optional?: boolean;
  className?: string;
  /** One control (Input, Select, Textarea): it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlA11yProps>;
}

/** Label + control + hint + error, wired for assistive technology. */
export function Field({ label, error, hint, required, optional, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = (isValidElement(children) && children.props.id) || generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        ) : null}
        {optional ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">(optional)</span> : null}
      </label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, ...rest }, ref) {
  const invalid = rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return <input ref={ref} className={cn(controlClasses, controlBorder(invalid), className)} {...rest} />;
});
