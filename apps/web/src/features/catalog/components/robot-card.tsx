import type { Robot } from '@cellforge/contracts';
import { COMPARE_MAX } from '@cellforge/contracts/constants';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { offerSummaryDetail, offerSummaryText } from '@/lib/offer-format';
import { RobotCover } from './category-illustration';
import { formatKg, formatMm, formatNumber, formatPriceBand, humanizeTag, robotName, UNKNOWN } from '@/lib/robot-format';

export interface RobotCardProps {
  robot: Robot;
  compared: boolean;
  /** False when COMPARE_MAX robots are picked and this is not one of them. */
  canCompare: boolean;
  onToggleCompare: (robot: Robot) => void;
}

function Spec({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">
        {value === UNKNOWN ? (
          <>
            <span aria-hidden="true">{UNKNOWN}</span>
            <span className="sr-only">Not known</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

export function RobotCard({ robot, compared, canCompare, onToggleCompare }: RobotCardProps) {
  const name = robotName(robot);
  const checkboxId = `compare-${robot.id}`;
  return (
    <article
      aria-label={name}
      data-robot-id={robot.id}
      className={cn(cardClasses, 'flex h-full flex-col p-5', compared && 'ring-2 ring-orange-600 dark:ring-orange-400')}
    >
      {/* The first picture of the cheapest offer, or its category's drawing: every card keeps the same 2:1 box. */}
      <RobotCover robot={robot} className="mb-4" />
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-lg font-semibold leading-snug">
          <Link
            to={paths.robot.getHref(robot.id)}
            className="rounded text-slate-900 hover:underline hover:underline-offset-4 dark:text-white"
          >
            <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">{robot.manufacturer}</span>
            {' '}
            {robot.model}
          </Link>
        </h3>
        <Badge>{humanizeTag(robot.category)}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Spec label="Rated payload" value={formatKg(robot.payload_kg)} />
        <Spec label="Reach" value={formatMm(robot.reach_mm)} />
        <Spec label="Axes" value={formatNumber(robot.dof)} />
        <Spec label="Indicative price" value={formatPriceBand(robot.price_min_usd, robot.price_max_usd)} />
      </dl>
      {robot.offers ? (
        <p className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100">
          <Link to={paths.robot.getHref(robot.id)} className="font-semibold underline-offset-4 hover:underline">
            {offerSummaryText(robot.offers)}
            <span className="sr-only"> for the {name}</span>
          </Link>
          <span className="block text-xs text-emerald-900 dark:text-emerald-200">{offerSummaryDetail(robot.offers)}</span>
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
        {robot.owner_id ? (
          <Badge tone="success">Listed by a supplier</Badge>
        ) : robot.contributed ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">Supplier-contributed model</span>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">From the makers&rsquo; datasheets</span>
        )}
        <div className="flex items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            checked={compared}
            disabled={!compared && !canCompare}
            onChange={() => onToggleCompare(robot)}
            aria-describedby={!compared && !canCompare ? 'compare-limit-note' : undefined}
            className="h-4 w-4 accent-orange-700 disabled:cursor-not-allowed dark:accent-orange-400"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Compare{' '}<span className="sr-only">{name}</span>
          </label>
        </div>
      </div>
    </article>
  );
}

export const COMPARE_LIMIT_NOTE = `You can compare up to ${COMPARE_MAX} robots. Remove one to add another.`;
