import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { SkeletonLine } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatKg, formatMm, formatPriceBand, robotName } from '@/lib/robot-format';
import { useSimilarRobots } from '../api/get-similar-robots';
import { FigureText } from './unknown-value';

const gridClasses = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';
const figureLabels = ['Rated payload', 'Reach', 'Price'] as const;

/** A robot's card while it loads: the card's own frame, name line and three figure rows, so it is as tall as the card. */
function SimilarCardSkeleton() {
  return (
    <li className={cn(cardClasses, 'p-4')} aria-hidden="true">
      <SkeletonLine className="h-6" barClassName="w-3/4" />
      <div className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {figureLabels.map((label) => (
          <Fragment key={label}>
            <span className="text-slate-600 dark:text-slate-400">{label}</span>
            <SkeletonLine barClassName="w-20" />
          </Fragment>
        ))}
      </div>
    </li>
  );
}

function SimilarSkeletonList() {
  return (
    <ul className={gridClasses}>
      {[0, 1, 2, 3].map((key) => (
        <SimilarCardSkeleton key={key} />
      ))}
    </ul>
  );
}

/** The section as it looks while the robot itself loads (the robot page's skeleton). */
export function SimilarRobotsSkeleton() {
  return (
    <section aria-label="Similar robots" className="mt-12">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Similar robots</h2>
      </div>
      <div className="mt-4">
        <SimilarSkeletonList />
      </div>
    </section>
  );
}

export function SimilarRobots({ robotId }: { robotId: string }) {
  const similar = useSimilarRobots(robotId);
  const robots = similar.data ?? [];

  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      {/* As tall as the "Compare with these" button (min-h-9) with or without it, so the cards do not move when it shows. */}
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-3">
        <h2 id="similar-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Similar robots
        </h2>
        {robots.length > 0 ? (
          <Link
            to={paths.compare.getHref([robotId, ...robots.slice(0, 3).map((r) => r.id)])}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            Compare with these
          </Link>
        ) : null}
      </div>
      <div className="mt-4">
        {similar.isPending ? (
          <div role="status" aria-label="Loading similar robots">
            <SimilarSkeletonList />
          </div>
        ) : similar.isError ? (
          <ErrorState
            title="Similar robots could not be loaded"
            message="Please try again."
            onRetry={() => void similar.refetch()}
            retrying={similar.isFetching}
          />
        ) : robots.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No similar robots in the catalog yet.</p>
        ) : (
          <ul className={gridClasses}>
            {robots.map((robot) => (
              <li key={robot.id} className={cn(cardClasses, 'p-4')}>
                <Link
                  to={paths.robot.getHref(robot.id)}
                  className="font-semibold text-slate-900 hover:underline hover:underline-offset-4 dark:text-white"
                >
                  {robotName(robot)}
                </Link>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-slate-600 dark:text-slate-400">Rated payload</dt>
                  <dd className="tabular-nums">{formatKg(robot.payload_kg)}</dd>
                  <dt className="text-slate-600 dark:text-slate-400">Reach</dt>
                  <dd className="tabular-nums">{formatMm(robot.reach_mm)}</dd>
                  <dt className="text-slate-600 dark:text-slate-400">Price</dt>
                  <dd className="tabular-nums">
                    <FigureText text={formatPriceBand(robot.price_min_usd, robot.price_max_usd)} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
