import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DiagramProps {
  /** Short name of the picture (the SVG's <title>, its accessible name). */
  title: string;
  /** What the picture shows, in full sentences (the SVG's <desc>). */
  description: string;
  caption: ReactNode;
  viewBox: string;
  children: ReactNode;
  className?: string;
}

const ArrowMarkerContext = createContext('');

/** An inline SVG figure with an accessible name and description. */
export function Diagram({ title, description, caption, viewBox, children, className }: DiagramProps) {
  // Used inside url(#...): keep to characters that need no escaping.
  const id = `diagram${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <figure className={cn('rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900', className)}>
      <svg
        viewBox={viewBox}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full font-sans"
        focusable="false"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <defs>
          <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0 0 L10 5 L0 10 z" className="fill-slate-500 dark:fill-slate-400" />
          </marker>
        </defs>
        <ArrowMarkerContext.Provider value={`${id}-arrow`}>{children}</ArrowMarkerContext.Provider>
      </svg>
      <figcaption className="mt-3 text-sm text-slate-600 dark:text-slate-400">{caption}</figcaption>
    </figure>
  );
}

const TONES = {
  neutral: 'fill-slate-50 stroke-slate-300 dark:fill-slate-800 dark:stroke-slate-600',
  brand: 'fill-orange-50 stroke-orange-400 dark:fill-orange-950 dark:stroke-orange-700',
  good: 'fill-emerald-50 stroke-emerald-500 dark:fill-emerald-950 dark:stroke-emerald-700',
} as const;

export function Box({
  x,
  y,
  width,
  height,
  title,
  lines = [],
  tone = 'neutral',
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  lines?: readonly string[];
  tone?: keyof typeof TONES;
}) {
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="12" strokeWidth="2" className={TONES[tone]} />
      <text x={x + 14} y={y + 28} className="fill-slate-900 text-[17px] font-semibold dark:fill-white">
        {title}
      </text>
      {lines.map((line, index) => (
        <text key={line} x={x + 14} y={y + 54 + index * 22} className="fill-slate-700 text-[15px] dark:fill-slate-300">
          {line}
        </text>
      ))}
    </g>
  );
}

/** A straight arrow; the marker comes from the enclosing Diagram. */
export function Arrow({ from, to }: { from: [number, number]; to: [number, number] }) {
  const marker = useContext(ArrowMarkerContext);
  return (
    <line
      x1={from[0]}
      y1={from[1]}
      x2={to[0]}
      y2={to[1]}
      strokeWidth="2.5"
      className="stroke-slate-500 dark:stroke-slate-400"
      markerEnd={`url(#${marker})`}
    />
  );
}
