import type { RoiResult } from '@cellforge/roi';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { describeCashFlow } from '../utils/cash-flow-summary';

// recharts (~100 kB gzipped) loads only when the chart is about to show.
const CashFlowChart = lazy(() => import('./cash-flow-chart'));

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
            <Suspense
              fallback={<div className="h-80 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />}
            >
              <CashFlowChart result={result} />
            </Suspense>
          </ChartBoundary>
        </div>
      </figure>
    </section>
  );
}
