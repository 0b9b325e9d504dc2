import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatKg, formatMm, formatPriceBand, robotName } from '@/lib/robot-format';
import { useSimilarRobots } from '../api/get-similar-robots';
import { FigureText } from './unknown-value';

export function SimilarRobots({ robotId }: { robotId: string }) {
  const similar = useSimilarRobots(robotId);
  const robots = similar.data ?? [];

  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
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
          <div role="status" aria-label="Loading similar robots" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-28 rounded-2xl" />
            ))}
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
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {robots.map((robot) => (
              <li key={robot.id} className={cn(cardClasses, 'p-4')}>
                <Link
                  to={paths.robot.getHref(robot.id)}
                  className="font-semibold text-slate-900 hover:underline hover:underline-offset-4 dark:text-white"
                >
                  {robotName(robot)}
                </Link>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-slate-600 dark:text-slate-400">Payload</dt>
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
