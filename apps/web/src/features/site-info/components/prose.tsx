import type { ReactNode } from 'react';

/** Readable long-form text in both themes. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-10 text-base leading-7 text-slate-800 dark:text-slate-200 [&_a]:font-semibold [&_a]:text-orange-800 [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-orange-300 [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      {children}
    </div>
  );
}

export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}
