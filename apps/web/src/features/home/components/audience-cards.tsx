import type { PortalRole } from '@cellforge/contracts';
import { ArrowRight, Factory, Truck, Wrench, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

interface Audience {
  role: PortalRole;
  title: string;
  text: string;
  cta: string;
  icon: LucideIcon;
}

export const AUDIENCES: readonly Audience[] = [
  {
    role: 'customer',
    title: 'For customers',
    text: 'Describe the task you want to automate, compare robots that fit your payload, reach and budget, and reach the right supplier.',
    cta: 'Customer portal',
    icon: Factory,
  },
  {
    role: 'supplier',
    title: 'For suppliers',
    text: 'List your robots with full specifications, receive qualified leads and see how your listings perform.',
    cta: 'Supplier portal',
    icon: Truck,
  },
  {
    role: 'integrator',
    title: 'For system integrators',
    text: 'Manage your robot catalog and customer projects, bulk-import robot data and analyse process videos.',
    cta: 'System Integrator portal',
    icon: Wrench,
  },
];

export function AudienceCards() {
  return (
    <section aria-labelledby="audiences-title" className="py-12">
      <h2 id="audiences-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Built for everyone who puts robots to work
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {AUDIENCES.map(({ role, title, text, cta, icon: Icon }) => (
          <li key={role} className={cn(cardClasses, 'flex flex-col')}>
            <Icon className="h-8 w-8 text-orange-700 dark:text-orange-400" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{text}</p>
            <Link
              to={paths.authPortal.getHref(role)}
              className="mt-4 inline-flex items-center gap-1 self-start rounded font-semibold text-orange-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:text-orange-300 dark:focus-visible:outline-orange-400"
            >
              {cta}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
