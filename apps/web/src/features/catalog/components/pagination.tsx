import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** The link of another page (keeps every filter). */
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const disabled = buttonClasses({ variant: 'outline', size: 'sm', className: 'pointer-events-none opacity-50' });
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClasses({ variant: 'outline', size: 'sm' })} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous{' '}<span className="sr-only">page</span>
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous{' '}<span className="sr-only">page</span>
        </span>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClasses({ variant: 'outline', size: 'sm' })} rel="next">
          Next{' '}<span className="sr-only">page</span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Next{' '}<span className="sr-only">page</span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}
