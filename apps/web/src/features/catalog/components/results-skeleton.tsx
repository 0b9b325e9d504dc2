import { cardClasses } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Placeholder cards while the first page of results loads. */
export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading robots">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={cn(cardClasses, 'p-5')}>
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-2 h-5 w-32" />
            <div className="mt-5 grid grid-cols-2 gap-3">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
            <Skeleton className="mt-5 h-4 w-24" />
          </li>
        ))}
      </ul>
    </div>
  );
}
