import type { Stage2Results } from '@cellforge/contracts';
import { useId, type ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatNumber } from '@/lib/robot-format';
import { formatDateTime, formatSeconds, STAGE2_SUMMARY_LABELS } from '../utils/analysis-format';

type Requirements = Record<string, unknown> | undefined;

const numberIn = (requirements: Requirements, key: string) => {
  const value = requirements?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** "Needs 14.4 kg payload (heaviest part 12 kg), 860 mm reach, 6 axes, a cycle of 4.2 s or less." */
function requirementsText(requirements: Requirements): string | null {
  if (!requirements) return null;
  const parts: string[] = [];
  const payload = numberIn(requirements, 'payload_kg');
  const heaviest = numberIn(requirements, 'heaviest_payload_kg');
  if (payload !== null) parts.push(`${formatNumber(payload)} kg payload${heaviest !== null ? ` (heaviest part ${formatNumber(heaviest)} kg)` : ''}`);
  const reach = numberIn(requirements, 'reach_mm');
  if (reach !== null) parts.push(`${formatNumber(reach)} mm reach`);
  const axes = numberIn(requirements, 'min_axes');
  if (axes !== null) parts.push(`${axes} axes`);
  const cycle = numberIn(requirements, 'cycle_time_s');
  const cycleUnchecked = typeof requirements.cycle_unchecked === 'string';
  if (cycle !== null && !cycleUnchecked) parts.push(`a cycle of ${formatSeconds(cycle)} or less`);
  const notChecked: string[] = [];
  if (payload === null) notChecked.push('payload fit (no weight confirmed)');
  if (reach === null) notChecked.push('reach (no workstation size confirmed)');
  if (cycle !== null && cycleUnchecked) notChecked.push(`the ${formatSeconds(cycle)} cycle (measured with low confidence)`);
  return [parts.length ? `Needs ${parts.join(', ')}.` : '', notChecked.length ? `Not checked: ${notChecked.join('; ')}.` : ''].filter(Boolean).join(' ');
}

export interface Stage2ResultsViewProps {
  results: Stage2Results;
  /** The section's heading; the spec's name by default. */
  title?: string;
  /** Under the heading, e.g. a way to open the analysis the results come from. */
  actions?: ReactNode;
}

/** Spec: "Stage 2 robot configuration results": the summary, then per task a configuration table. */
export function Stage2ResultsView({ results, title = 'Stage 2 robot configuration results', actions }: Stage2ResultsViewProps) {
  const headingId = useId();
  const summary = results.stage2_summary;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h3>
        {results.generated_at ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Generated {formatDateTime(results.generated_at)}
            {typeof results.catalog_robots_considered === 'number' ? ` from ${results.catalog_robots_considered} catalog robots` : ''}.
          </p>
        ) : null}
        {actions ? <div className="mt-3">{actions}</div> : null}
      </div>
      {results.warnings?.length ? (
        <ul aria-label="Stage 2 warnings" className="list-disc space-y-0.5 pl-5 text-sm text-amber-900 dark:text-amber-200">
          {results.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <dl aria-label="Stage 2 summary" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {(Object.keys(STAGE2_SUMMARY_LABELS) as (keyof typeof STAGE2_SUMMARY_LABELS)[]).map((key) => (
          <StatCard key={key} label={STAGE2_SUMMARY_LABELS[key]} value={summary[key]} />
        ))}
      </dl>
      {results.task_configurations.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No task to configure: confirm at least one activity or payload.</p>
      ) : (
        results.task_configurations.map((task, index) => (
          <TaskTable key={`${task.task_name}-${index}`} task={task} />
        ))
      )}
    </section>
  );
}

function TaskTable({ task }: { task: Stage2Results['task_configurations'][number] }) {
  const needs = requirementsText(task.requirements);
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-slate-900 dark:text-white">{task.task_name}</h4>
      {needs ? <p className="text-sm text-slate-700 dark:text-slate-300">{needs}</p> : null}
      {task.robot_configurations.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No catalog robot comes close to this task.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Robot configurations for {task.task_name}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              <tr>
                {['Robot model', 'Manufacturer', 'Payload (kg)', 'Reach (mm)', 'Viability', 'Reason'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {task.robot_configurations.map((config, index) => (
                <tr key={`${config.robot_id ?? config.robot_model}-${index}`} className="align-top text-slate-800 dark:text-slate-200">
                  <th scope="row" className="px-3 py-2 font-medium text-slate-900 dark:text-white">
                    {config.robot_model}
                  </th>
                  <td className="px-3 py-2">{config.manufacturer}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(config.payload_kg)}</td>
                  <td className="px-3 py-2 tabular-nums">{formatNumber(config.reach_mm)}</td>
                  <td className="px-3 py-2">
                    {config.is_viable ? (
                      <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-800 dark:text-emerald-300">
                        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                        Viable
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1.5 font-semibold text-red-800 dark:text-red-300">
                        <XCircle className="h-4 w-4" aria-hidden="true" />
                        Not viable
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{config.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
