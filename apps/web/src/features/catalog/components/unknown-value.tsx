import { UNKNOWN } from '@/lib/robot-format';

/** A figure as text; an unknown one as a dash that screen readers read as "Not published". */
export function FigureText({ text }: { text: string }) {
  if (text !== UNKNOWN) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{UNKNOWN}</span>
      <span className="sr-only">Not published</span>
    </>
  );
}
