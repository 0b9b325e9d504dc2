import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function ClosingCta() {
  return (
    <section
      aria-labelledby="closing-cta-title"
      className="my-12 rounded-3xl bg-slate-900 px-6 py-12 text-center sm:px-12 dark:bg-slate-800"
    >
      <h2 id="closing-cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Be among the first on the marketplace
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-slate-200">
        Customers, suppliers and integrators who join early get their questions answered first and help shape
        the product.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.betaSignup.getHref()} className={buttonClasses({ size: 'lg' })}>
          Join the early-access list
        </Link>
        <Link
          to={paths.roiCalculator.getHref()}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-slate-400 px-6 text-base font-semibold text-white transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-400 dark:hover:bg-slate-700"
        >
          Estimate your payback
        </Link>
      </div>
    </section>
  );
}
