import { ROI_SCENARIOS, ROI_SCENARIO_NAMES, type RoiResult } from '@cellforge/roi';
import { cn } from '@/lib/cn';
import { formatPayback, formatPercent, formatUsd } from '../utils/format';

/** Pessimistic, realistic and optimistic side by side (multipliers documented in @cellforge/roi). */
export function RoiScenarios({ result }: { result: RoiResult }) {
  return (
    <section aria-labelledby="roi-scenarios-title">
      <h2 id="roi-scenarios-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Scenarios
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The same cell if things go worse or better than planned. Each scenario scales all savings and all costs
        (upfront and running) by the factors shown.
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {ROI_SCENARIO_NAMES.map((name) => {
          const scenario = result.scenarios[name];
          const spec = ROI_SCENARIOS[name];
          const rows: Array<[string, string]> = [
            ['Upfront cost', formatUsd(scenario.upfrontCost)],
            ['Annual savings', formatUsd(scenario.annualSavings)],
            ['Payback', formatPayback(scenario.paybackMonths)],
            [`ROI over ${result.horizonYears} yrs`, formatPercent(scenario.roiPercent)],
            ['NPV', formatUsd(scenario.npv)],
            ['IRR', formatPercent(scenario.irrPercent)],
          ];
          return (
            <li
              key={name}
              data-scenario={name}
              className={cn(
                'rounded-2xl border p-5',
                name === 'realistic'
                  ? 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950/40'
                  : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
              )}
            >
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{spec.label}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {spec.description} (savings × {spec.savingsMultiplier}, costs × {spec.costMultiplier}).
              </p>
              <dl className="mt-4 space-y-2 text-sm">
                {rows.map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-3">
                    <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
                    <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
