import type { RoiResult } from '@cellforge/roi';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { CSV_FILE_NAME, downloadTextFile, yearlyTableToCsv } from '../utils/csv';
import { formatUsd } from '../utils/format';

const COLUMNS = [
  ['savings', 'Savings'],
  ['costs', 'Costs'],
  ['netCashFlow', 'Net cash flow'],
  ['cumulativeCashFlow', 'Cumulative'],
  ['discountedCashFlow', 'Discounted'],
  ['cumulativeDiscountedCashFlow', 'Cumulative discounted'],
] as const;

/** The realistic scenario year by year, with a CSV download of the same rows. */
export function RoiYearlyTable({ result }: { result: RoiResult }) {
  return (
    <section aria-labelledby="roi-yearly-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="roi-yearly-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            Cash flow by year
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Year 0 is the investment; savings and running costs fall at the end of each year. Discounted at{' '}
            {result.discountRatePercent}% a year.
          </p>
        </div>
        <Button variant="outline" onClick={() => downloadTextFile(CSV_FILE_NAME, yearlyTableToCsv(result.yearly))}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      {/* Focusable so keyboard users can scroll it sideways on a phone. */}
      <div
        role="region"
        aria-labelledby="roi-yearly-title"
        tabIndex={0}
        className="mt-5 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
      >
        <table className="min-w-full text-right text-sm tabular-nums">
          <caption className="sr-only">Cash flow by year, realistic scenario, in US dollars</caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold">
                Year
              </th>
              {COLUMNS.map(([key, title]) => (
                <th key={key} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {result.yearly.map((row) => (
              <tr key={row.year}>
                <th scope="row" className="px-4 py-2.5 text-left font-medium text-slate-900 dark:text-white">
                  {row.year}
                </th>
                {COLUMNS.map(([key]) => (
                  <td
                    key={key}
                    className={cn(
                      'whitespace-nowrap px-4 py-2.5',
                      row[key] < 0 && key !== 'costs' ? 'text-red-700 dark:text-red-400' : 'text-slate-800 dark:text-slate-200',
                    )}
                  >
                    {formatUsd(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
