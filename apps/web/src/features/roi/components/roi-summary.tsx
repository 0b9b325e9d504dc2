import type { RoiResult } from '@cellforge/roi';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatPayback, formatPercent, formatUsd } from '../utils/format';

function Figure({ name, label, value, note, tone }: { name: string; label: string; value: string; note?: ReactNode; tone?: 'bad' }) {
  return (
    <div
      data-roi-figure={name}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-2xl font-bold tracking-tight tabular-nums',
          tone === 'bad' ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white',
        )}
      >
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</dd> : null}
    </div>
  );
}

/** The headline figures and where the savings come from. */
export function RoiSummary({ result }: { result: RoiResult }) {
  const { breakdown } = result;
  const years = `${result.horizonYears} ${result.horizonYears === 1 ? 'year' : 'years'}`;
  const never = result.paybackMonths === null;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          name="annualSavings"
          label="Annual savings"
          value={formatUsd(result.annualSavings)}
          note="Net of maintenance and energy"
          tone={result.annualSavings <= 0 ? 'bad' : undefined}
        />
        <Figure
          name="paybackMonths"
          label="Payback"
          value={formatPayback(result.paybackMonths)}
          note={
            never
              ? 'Savings do not cover running costs'
              : result.discountedPaybackMonths === null
                ? 'Not within the horizon once discounted'
                : `${formatPayback(result.discountedPaybackMonths)} discounted`
          }
          tone={never ? 'bad' : undefined}
        />
        <Figure
          name="roiPercent"
          label={`ROI over ${years}`}
          value={formatPercent(result.roiPercent)}
          note={`Net gain ${formatUsd(result.netGain)}`}
          tone={result.roiPercent < 0 ? 'bad' : undefined}
        />
        <Figure
          name="npv"
          label={`NPV at ${formatPercent(result.discountRatePercent)}`}
          value={formatUsd(result.npv)}
          note={result.npv >= 0 ? 'Beats your discount rate' : 'Falls short of your discount rate'}
          tone={result.npv < 0 ? 'bad' : undefined}
        />
        <Figure
          name="irrPercent"
          label="IRR"
          value={formatPercent(result.irrPercent)}
          note={result.irrPercent === null ? 'No rate of return: the cash flows never turn positive' : `Over ${years}`}
        />
        <Figure name="upfrontCost" label="Upfront cost" value={formatUsd(result.upfrontCost)} note="Robot, integration, tooling, training" />
      </dl>

      <div>
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Where the savings come from (per year)</h3>
        <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {[
            [`Labour replaced (${breakdown.laborHoursPerYear.toLocaleString('en-US')} hours)`, breakdown.laborSavings],
            ['Productivity gain', breakdown.productivitySavings],
            ['Scrap and quality', breakdown.qualitySavings],
            ['Maintenance', -breakdown.maintenance],
            ['Energy', -breakdown.energy],
          ].map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
              <dd className="tabular-nums text-slate-900 dark:text-slate-100">{formatUsd(value as number)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 py-2 font-semibold">
            <dt className="text-slate-900 dark:text-white">Net annual savings</dt>
            <dd className="tabular-nums text-slate-900 dark:text-white">{formatUsd(result.annualSavings)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
