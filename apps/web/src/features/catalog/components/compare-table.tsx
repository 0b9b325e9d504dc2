import type { Robot } from '@cellforge/contracts';
import { Award, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { humanizeTag, robotName } from '@/lib/robot-format';
import { COMPARE_ROWS, compareRow, DIRECTION_TEXT } from '../utils/compare';
import { FigureText } from './unknown-value';

export interface CompareTableProps {
  robots: readonly Robot[];
  onRemove: (id: string) => void;
}

/**
 * Robots side by side. Each row's bars are scaled within the row so the best value has
 * the longest bar (for "lower is better" rows too); the best value is also marked with
 * an icon and the word "Best", not by colour alone.
 */
export function CompareTable({ robots, onRemove }: CompareTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">
          Comparison of {robots.map(robotName).join(', ')}. In each row the best value is marked Best.
        </caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <td className="sticky left-0 w-40 bg-slate-50 p-4 dark:bg-slate-900" />
            {robots.map((robot) => (
              <th key={robot.id} scope="col" className="p-4 align-top font-normal">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={paths.robot.getHref(robot.id)}
                    className="font-semibold text-slate-900 hover:underline hover:underline-offset-4 dark:text-white"
                  >
                    <span className="block text-xs font-medium text-slate-600 dark:text-slate-400">{robot.manufacturer}</span>
            {' '}
                    {robot.model}
                  </Link>
                  <button
                    type="button"
                    onClick={() => onRemove(robot.id)}
                    aria-label={`Remove ${robotName(robot)} from the comparison`}
                    className="-m-1 shrink-0 rounded-md p-1 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {humanizeTag(robot.category)} · {robot.owner_id ? 'Listed by a supplier' : 'Makers’ datasheet'}
                </p>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {COMPARE_ROWS.map((row) => {
            const cells = compareRow(row, robots);
            return (
              <tr key={row.key} data-row={row.key}>
                <th scope="row" className="sticky left-0 bg-white p-4 align-top dark:bg-slate-950">
                  <span className="block font-semibold text-slate-900 dark:text-white">{row.label}</span>
                  <span className="mt-0.5 block text-xs font-normal text-slate-600 dark:text-slate-400">
                    {DIRECTION_TEXT[row.direction]}
                  </span>
                </th>
                {cells.map((cell, index) => (
                  <td
                    key={robots[index]?.id ?? index}
                    data-best={cell.best || undefined}
                    className={cn('p-4 align-top', cell.best && 'bg-emerald-50 dark:bg-emerald-950/40')}
                  >
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                        <FigureText text={cell.text} />
                      </span>
                      {cell.best ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                          <Award className="h-3.5 w-3.5" aria-hidden="true" />
                          Best
                        </span>
                      ) : null}
                    </div>
                    {cell.bar !== null ? (
                      <div className="mt-2 h-2 w-full rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                        <div
                          data-bar={cell.bar.toFixed(3)}
                          className={cn(
                            'h-2 rounded-full',
                            cell.best ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-slate-400 dark:bg-slate-500',
                          )}
                          style={{ width: `${Math.max(cell.bar * 100, 2)}%` }}
                        />
                      </div>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
