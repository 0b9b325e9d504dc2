import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { HeroIllustration } from './hero-illustration';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-orange-800 dark:text-orange-300">
          Open-source robotics marketplace
        </p>
        <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
          {env.appName}
        </h1>
        <p className="mt-4 text-2xl font-semibold tracking-tight text-slate-800 sm:text-3xl dark:text-slate-100">
          The right robot for the job, and the numbers to prove it.
        </p>
        <p className="mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Find, compare and deploy the right industrial robot. {env.appName} connects manufacturers who need
          automation with the suppliers who build robots and the integrators who install them.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.catalog.getHref()} className={buttonClasses({ size: 'lg' })}>
            Browse the catalog
          </Link>
          <Link to={paths.betaSignup.getHref()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Get Early Access
          </Link>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <ShieldCheck className="h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          Free and open source. Run it on your own servers, or use ours.
        </p>
      </div>
      <div className="relative isolate mx-auto w-full max-w-md lg:max-w-none">
        <div
          className="absolute inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-orange-100 to-amber-50 blur-2xl dark:from-orange-950/60 dark:to-slate-900"
          aria-hidden="true"
        />
        <HeroIllustration className="h-auto w-full rounded-3xl border border-slate-200 bg-white/70 p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900/70" />
      </div>
    </section>
  );
}
