import { ArrowRight, Bot, Calculator, Search, Video, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cardClasses } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

interface Tool {
  title: string;
  text: string;
  cta: string;
  href: string;
  icon: LucideIcon;
}

const TOOLS: readonly Tool[] = [
  {
    title: 'Robot catalog',
    text: 'Search hundreds of industrial and collaborative robots by payload, reach, application and price, and compare them side by side.',
    cta: 'Search robots',
    href: paths.catalog.getHref(),
    icon: Search,
  },
  {
    title: 'ROI calculator',
    text: 'Enter your labour, shift and cost figures and get payback, ROI, NPV and IRR, with pessimistic and optimistic scenarios.',
    cta: 'Estimate your payback',
    href: paths.roiCalculator.getHref(),
    icon: Calculator,
  },
  {
    title: 'Robotics advisor',
    text: 'Ask an AI advisor which robot fits your task, what an error code means or how to size a gripper.',
    cta: 'Meet the advisor',
    href: paths.agent.getHref('robotics-advisor'),
    icon: Bot,
  },
  {
    title: 'Video analysis',
    text: 'Integrators upload a video of the manual process; the analysis measures cycles and proposes robot configurations that fit.',
    cta: 'See how it works',
    href: `${paths.learn.getHref()}#video-analysis`,
    icon: Video,
  },
];

export function ToolsSection() {
  return (
    <section aria-labelledby="tools-title" className="py-12">
      <h2 id="tools-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Everything you need to decide on automation
      </h2>
      <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
        From the first question to a signed-off business case, in one place.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TOOLS.map(({ title, text, cta, href, icon: Icon }) => (
          <li key={title} className={cn(cardClasses, 'flex flex-col')}>
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-orange-100 dark:bg-orange-950">
              <Icon className="h-6 w-6 text-orange-800 dark:text-orange-300" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{text}</p>
            <Link
              to={href}
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
