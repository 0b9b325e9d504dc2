import type { ProjectMatch } from '@cellforge/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { offerSummaryDetail, offerSummaryText } from '@/lib/offer-format';
import { formatKg, formatMm, formatPriceBand, humanizeTag, robotName, UNKNOWN } from '@/lib/robot-format';
import { FitReasons } from './fit-reasons';

/** "Contact supplier" for a listed robot (features/leads), given by the route: features do not import each other. */
/** The ways to ask about a match (composed by the route): `listed` says a supplier sells it here. */
export type RenderContact = (robot: { id: string; manufacturer: string; model: string; listed: boolean }) => ReactNode;

function scoreTone(score: number): string {
  if (score >= 75) return 'bg-emerald-600 dark:bg-emerald-400';
  if (score >= 50) return 'bg-amber-500 dark:bg-amber-400';
  return 'bg-slate-400 dark:bg-slate-500';
}

export function MatchCard({ match, rank, renderContact }: { match: ProjectMatch; rank: number; renderContact: RenderContact }) {
  const name = robotName(match);
  const score = Math.round(match.fit_score);
  const price = formatPriceBand(match.price_min_usd, match.price_max_usd);
  return (
    <article aria-label={`${rank}. ${name}`} className={cn(cardClasses, 'p-5')}>
      {/* The name takes the room left of the score and wraps there, so the score stays top right (not alone on a line). */}
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            #{rank} · {humanizeTag(match.category)}
          </p>
          <h3 className="text-lg font-semibold">
            <Link
              to={paths.robot.getHref(match.robot_id)}
              className="text-slate-900 hover:underline hover:underline-offset-4 dark:text-white"
            >
              {name}
            </Link>
          </h3>
        </div>
        <div className="w-28 shrink-0 text-right sm:w-36">
          <p className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            {score}
            <span className="text-sm font-medium text-slate-600 dark:text-slate-400">/100</span>
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">Fit score</p>
          <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <div className={cn('h-2 rounded-full', scoreTone(score))} style={{ width: `${Math.max(score, 2)}%` }} />
          </div>
        </div>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-slate-600 dark:text-slate-400">Rated payload</dt>
          <dd className="font-semibold tabular-nums">{formatKg(match.payload_kg)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-600 dark:text-slate-400">Reach</dt>
          <dd className="font-semibold tabular-nums">{formatMm(match.reach_mm)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-600 dark:text-slate-400">Indicative price</dt>
          <dd className="font-semibold tabular-nums">
            {price === UNKNOWN ? (
              <>
                <span aria-hidden="true">{UNKNOWN}</span>
                <span className="sr-only">Not known</span>
              </>
            ) : (
              price
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <FitReasons reasons={match.reasons} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {match.offers ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Badge tone="success">{offerSummaryText(match.offers)}</Badge>{' '}
            <span className="whitespace-nowrap">{offerSummaryDetail(match.offers)}</span>
          </p>
        ) : match.listed_by_supplier ? (
          <Badge tone="success">Listed by a supplier</Badge>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            From the makers&rsquo; datasheets: no supplier lists it yet.
          </p>
        )}
        {renderContact({ id: match.robot_id, manufacturer: match.manufacturer, model: match.model, listed: match.listed_by_supplier })}
      </div>
    </article>
  );
}
