import { InlineAlert } from './inline-alert';

/**
 * A form-level error that stays visible (toasts disappear): why the last submit failed.
 * Nothing is rendered without a message, so forms can always mount it.
 */
export function FormAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return <InlineAlert title={message} className={className} />;
}
