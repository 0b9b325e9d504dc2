import type { RoiResult } from '@cellforge/roi';
import { Component, lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { describeCashFlow } from '../utils/cash-flow-summary';

// recharts (~100 kB gzipped) loads only when the chart is about to come into view.
const CashFlowChart = lazy(() => import('./cash-flow-chart'));

/**
 * True once the chart's place comes within a screen of the viewport (the figures and
 * the form come first; on a phone the chart is a few screens down). The chart's chunk
 * (recharts, ~108 kB gzipped) is requested only then, so loading the calculator costs
 * neither its download nor its parse and first render, and a visitor who never scrolls
 * to it never pays for it. The render is a transition (in slices, not one long task).
 * Where IntersectionObserver is missing, the chart comes once the page has been shown
 * and the browser is idle.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const reveal = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            reveal();
          }
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(reveal, { timeout: 1000 });
    else timer = setTimeout(reveal, 100);
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [ref, near]);
  return near;
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
  const chartRef = useRef<HTMLDivElement>(null);
  const showChart = useNearViewport(chartRef);
  return (
    <section aria-labelledby="roi-chart-title">
      <h2 id="roi-chart-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Cumulative cash flow
      </h2>
      <figure className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <figcaption id="roi-chart-summary" className="text-slate-700 dark:text-slate-300">
          {describeCashFlow(result)}
        </figcaption>
        <div className="mt-4" ref={chartRef}>
          <ChartBoundary>
            <Suspense fallback={chartPlaceholder}>{showChart ? <CashFlowChart result={result} /> : chartPlaceholder}</Suspense>
          </ChartBoundary>
        </div>
      </figure>
    </section>
  );
}
