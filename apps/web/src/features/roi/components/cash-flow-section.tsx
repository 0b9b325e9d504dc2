import type { RoiResult } from '@cellforge/roi';
import { Component, lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { describeCashFlow } from '../utils/cash-flow-summary';

// recharts (~100 kB gzipped) loads only when the chart is about to show.
const CashFlowChart = lazy(() => import('./cash-flow-chart'));

/**
 * True once the page around the chart has been shown and the browser is idle (at the
 * latest a second later). The chart's chunk is requested only then, so the calculator's
 * figures show first and do not wait on it, nor share the network with it; the chart
 * is below them and has the same data as the table. Its render is a transition (in
 * slices, not one long task).
 */
function useAfterPageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const reveal = () => startTransition(() => setShown(true));
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Two frames: the first callback runs before the page's paint, the second after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(reveal, { timeout: 1000 });
        else timer = setTimeout(reveal, 100);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return shown;
}

const chartPlaceholder = <div className="h-80 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />;

/** A chart that fails to load leaves the summary and the table, which hold the same data. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="flex h-80 items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          The chart could not be loaded; the table below has the same figures.
        </p>
      );
    }
    return this.props.children;
  }
}

export function CashFlowSection({ result }: { result: RoiResult }) {
  const showChart = useAfterPageShown();
  return (
    <section aria-labelledby="roi-chart-title">
      <h2 id="roi-chart-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Cumulative cash flow
      </h2>
      <figure className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <figcaption id="roi-chart-summary" className="text-slate-700 dark:text-slate-300">
          {describeCashFlow(result)}
        </figcaption>
        <div className="mt-4">
          <ChartBoundary>
            <Suspense fallback={chartPlaceholder}>{showChart ? <CashFlowChart result={result} /> : chartPlaceholder}</Suspense>
          </ChartBoundary>
        </div>
      </figure>
    </section>
  );
}
