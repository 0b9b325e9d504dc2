/**
 * docs/product.md §3.4: 94% accuracy, 95% success, 30% faster. The same list is
 * MARKETING_FIGURES in @cellforge/contracts (site.ts), but that module also declares
 * the contact form's zod schema, and importing it would put zod in the home chunk.
 */
export const MARKETING_FIGURES = [
  { value: '94%', label: 'accuracy' },
  { value: '95%', label: 'success' },
  { value: '30%', label: 'faster' },
] as const;

export function MarketingFigures() {
  return (
    <section aria-labelledby="figures-title" className="py-12">
      <h2 id="figures-title" className="sr-only">
        By the numbers
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {MARKETING_FIGURES.map((figure) => (
          <li
            key={figure.label}
            className="rounded-2xl border border-slate-200 px-6 py-5 text-center dark:border-slate-800"
          >
            <span className="block text-4xl font-extrabold text-orange-800 dark:text-orange-300">{figure.value}</span>{' '}
            <span className="block text-base font-medium text-slate-700 dark:text-slate-300">
              {figure.label}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
