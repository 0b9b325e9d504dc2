import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="py-14 sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-wider text-orange-800 dark:text-orange-300">
        Open-source robotics marketplace
      </p>
      <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
        {env.appName}
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-slate-700 sm:text-xl dark:text-slate-300">
        Find, compare and deploy the right industrial robot. {env.appName} connects manufacturers who need automation
        with the suppliers who build robots and the integrators who install them.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.catalog.getHref()} className={buttonClasses({ size: 'lg' })}>
          Browse the catalog
        </Link>
        <Link to={paths.betaSignup.getHref()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Get Early Access
        </Link>
      </div>
    </section>
  );
}
