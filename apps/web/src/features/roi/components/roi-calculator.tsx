import { Link2, RotateCcw } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { useRoiCalculator } from '../hooks/use-roi-calculator';
import { formatPayback, formatUsd } from '../utils/format';
import { toSearchParams } from '../utils/url-state';
import { CashFlowSection } from './cash-flow-section';
import { RoiForm } from './roi-form';
import { RoiScenarios } from './roi-scenarios';
import { RoiSummary } from './roi-summary';
import { RoiYearlyTable } from './roi-yearly-table';

export const LINK_COPIED_MESSAGE = 'Link copied: it opens the calculator with these figures.';

/** The calculator: inputs, live results, chart, scenarios, yearly table. */
export function RoiCalculator() {
  const { raw, errors, valid, calculation, setField, reset } = useRoiCalculator();
  const result = calculation?.result ?? null;

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${toSearchParams(raw).toString()}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(LINK_COPIED_MESSAGE);
    } catch {
      toast.error('Copying is blocked here: copy the address from the address bar instead.');
    }
  };

  const errorCount = Object.keys(errors).length;

  return (
    <div className="space-y-14">
      <div className="grid gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div>
          <div className="mb-6 flex flex-wrap gap-3">
            <Button variant="outline" size="sm" onClick={copyLink}>
              <Link2 className="h-4 w-4" aria-hidden="true" />
              Copy link to these figures
            </Button>
            <Button variant="ghost" size="sm" onClick={reset}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Reset to example
            </Button>
          </div>
          <RoiForm raw={raw} errors={errors} onChange={setField} />
        </div>

        <section aria-labelledby="roi-results-title" className="lg:sticky lg:top-6 lg:self-start">
          <h2 id="roi-results-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            Results
          </h2>
          {!valid ? (
            <p
              role="alert"
              className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            >
              {errorCount === 1 ? 'Fix the highlighted field' : `Fix the ${errorCount} highlighted fields`}
              {result ? ': the figures below are for the last valid inputs.' : ' to see the figures.'}
            </p>
          ) : null}
          {/* A short spoken update when the figures change; the cards below hold the detail. */}
          <p className="sr-only" aria-live="polite">
            {result && valid
              ? `Annual savings ${formatUsd(result.annualSavings)}, payback ${formatPayback(result.paybackMonths)}, NPV ${formatUsd(result.npv)}.`
              : ''}
          </p>
          {result ? (
            <div className="mt-5">
              <RoiSummary result={result} />
            </div>
          ) : null}
        </section>
      </div>

      {result ? (
        <>
          <CashFlowSection result={result} />
          <RoiScenarios result={result} />
          <RoiYearlyTable result={result} />
        </>
      ) : null}
    </div>
  );
}
