import type { Robot } from '@cellforge/contracts';
import { Award, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { humanizeTag, robotName } from '@/lib/robot-format';
import { COMPARE_ROWS, compareRow, DIRECTION_TEXT } from '../utils/compare';
import { FigureText } from './unknown-value';
import { RobotCover } from './category-illustration';

export interface CompareTableProps {
  robots: readonly Robot[];
  onRemove: (id: string) => void;
}

/** The robot column shown beside the labels: the one whose start is nearest the scroll position. */
function shownColumn(scroller: HTMLElement): number {
  const corner = scroller.querySelector<HTMLElement>('thead td');
  const heads = Array.from(scroller.querySelectorAll<HTMLElement>('thead th'));
  const labels = corner?.offsetWidth ?? 0;
  let best = 0;
  heads.forEach((head, index) => {
    const here = Math.abs(head.offsetLeft - labels - scroller.scrollLeft);
    const there = Math.abs((heads[best]?.offsetLeft ?? 0) - labels - scroller.scrollLeft);
    if (here < there) best = index;
  });
  return best;
}

/**
 * Robots side by side. Each row's bars are scaled within the row so the best value has
 * the longest bar (for "lower is better" rows too); the best value is also marked with
 * an icon and the word "Best", not by colour alone.
 *
 * Below md (a phone) the same table shows one robot column at a time beside the row
 * labels, which stay put (sticky): a swipe snaps to the next robot (scroll snap), and
 * Previous / Next buttons with "Robot 2 of 3" do the same from a keyboard. From md up it
 * is the plain table with every robot in view.
 */
export function CompareTable({ robots, onRemove }: CompareTableProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const count = robots.length;
  const current = Math.min(shown, Math.max(0, count - 1));

  // The column a Previous/Next press is scrolling to: until it is reached the scroll
  // position says nothing (a second press mid-way steps on from the target, not from there).
  const targetRef = useRef<number | null>(null);
  const settleTimer = useRef<number | undefined>(undefined);

  const leftOf = (scroller: HTMLElement, index: number): number | null => {
    const head = scroller.querySelectorAll<HTMLElement>('thead th')[index];
    if (!head) return null;
    return head.offsetLeft - (scroller.querySelector<HTMLElement>('thead td')?.offsetWidth ?? 0);
  };

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller && targetRef.current === null) setShown(shownColumn(scroller));
  }, []);

  // The scroll of a press ended: on its column (snap may have pulled it elsewhere), then back to reading the position.
  const settle = useCallback(() => {
    const scroller = scrollerRef.current;
    const target = targetRef.current;
    window.clearTimeout(settleTimer.current);
    if (!scroller || target === null) return;
    targetRef.current = null;
    const left = leftOf(scroller, target);
    if (left !== null && Math.abs(scroller.scrollLeft - left) > 2) scroller.scrollTo({ left, behavior: 'auto' });
    setShown(shownColumn(scroller));
  }, []);

  // A robot removed: the column shown may have moved.
  useEffect(() => {
    onScroll();
  }, [count, onScroll]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const go = (index: number) => {
    const scroller = scrollerRef.current;
    const left = scroller ? leftOf(scroller, index) : null;
    if (!scroller || left === null) return;
    const smooth = typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    targetRef.current = index;
    setShown(index);
    scroller.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
    // Where scrollend is not fired (or the position did not change), settle anyway.
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(settle, 800);
  };

  const hasPrevious = current > 0;
  const hasNext = current < count - 1;
  const shownRobot = robots[current];

  return (
    <div>
      {count > 1 ? (
        // Sticky under the header: which robot is shown stays in view down the rows.
        <div
          className="sticky top-16 z-20 -mx-4 mb-3 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/95"
          data-compare-stepper
        >
          <button
            type="button"
            aria-label="Previous robot"
            aria-disabled={!hasPrevious || undefined}
            onClick={() => {
              if (hasPrevious) go(current - 1);
            }}
            className={stepButton}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <p aria-live="polite" className="min-w-0 flex-1 text-center text-sm text-slate-700 dark:text-slate-300">
            Robot {current + 1} of {count}
            <span className="sr-only">: </span>
            <span className="block truncate font-semibold text-slate-900 dark:text-white">
              {shownRobot ? robotName(shownRobot) : ''}
            </span>
          </p>
          <button
            type="button"
            aria-label="Next robot"
            aria-disabled={!hasNext || undefined}
            onClick={() => {
              if (hasNext) go(current + 1);
            }}
            className={stepButton}
          >
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <div
        ref={scrollerRef}
        role="region"
        aria-label="Comparison table"
        // Scrolls sideways when it is wider than the screen: reachable and scrollable with the arrow keys.
        // Relative: the visually hidden texts (absolute) of the columns out of view stay inside it, not widening the page.
        tabIndex={0}
        onScroll={onScroll}
        onScrollEnd={settle}
        style={{ '--robots': Math.max(count, 1) } as CSSProperties}
        className="@container relative overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 max-md:snap-x max-md:snap-mandatory max-md:scroll-pl-30 max-md:overscroll-x-contain dark:border-slate-800"
      >
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm max-md:w-[calc(7.5rem+var(--robots)*(100cqw-7.5rem))] max-md:min-w-0 max-md:table-fixed">
          <caption className="sr-only">
            Comparison of {robots.map(robotName).join(', ')}. In each row the best value is marked Best.
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <td className={cn(labelCell, 'w-40 bg-slate-50 p-4 dark:bg-slate-900')} />
              {robots.map((robot) => (
                <th key={robot.id} scope="col" className="snap-start p-4 align-top font-normal max-md:p-3">
                  <RobotCover robot={robot} className="mb-3 rounded-lg" decorative />
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
                  {/* The robot page opens its request form at once (?quote=1), through sign-in too. */}
                  <Link
                    to={`${paths.robot.getHref(robot.id)}?quote=1`}
                    aria-label={`Request a quote for the ${robotName(robot)}`}
                    className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'mt-2')}
                  >
                    Request a quote
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {COMPARE_ROWS.map((row) => {
              const cells = compareRow(row, robots);
              return (
                <tr key={row.key} data-row={row.key}>
                  <th scope="row" className={cn(labelCell, 'bg-white p-4 align-top dark:bg-slate-950')}>
                    <span className="block font-semibold text-slate-900 dark:text-white">{row.label}</span>
                    <span className="mt-0.5 block text-xs font-normal text-slate-600 dark:text-slate-400">
                      {DIRECTION_TEXT[row.direction]}
                    </span>
                  </th>
                  {cells.map((cell, index) => (
                    <td
                      key={robots[index]?.id ?? index}
                      data-best={cell.best || undefined}
                      className={cn('p-4 align-top max-md:p-3', cell.best && 'bg-emerald-50 dark:bg-emerald-950/40')}
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
    </div>
  );
}

/** The labels' column: stays at the left edge while the robots scroll (a 7.5rem column on a phone, with a rule on its right). */
const labelCell =
  'sticky left-0 z-10 max-md:w-30 max-md:p-3 max-md:shadow-[1px_0_0_var(--color-slate-200)] dark:max-md:shadow-[1px_0_0_var(--color-slate-800)]';

const stepButton =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-100 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent ' +
  'dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';
