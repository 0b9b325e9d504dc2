import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { PageTitle } from './page-title';

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}

export interface PageProps {
  /** The page's one h1 (also the document title unless `documentTitle` is given). */
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A standard page: title, optional lead paragraph and actions, then content. */
export function Page({ title, documentTitle, lead, actions, children, className }: PageProps) {
  return (
    <Container className={cn('py-10 sm:py-14', className)}>
      <PageTitle title={documentTitle ?? title} />
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        {lead ? <div className="mt-4 text-lg text-slate-700 dark:text-slate-300">{lead}</div> : null}
        {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      {children ? <div className="mt-10">{children}</div> : null}
    </Container>
  );
}
