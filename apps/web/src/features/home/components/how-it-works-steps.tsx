import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

const STEPS = [
  {
    title: 'Describe the task',
    text: 'Payload, reach, cycle time, budget: type it, ask the copilot, or let an integrator film the process.',
  },
  {
    title: 'Compare robots that fit',
    text: 'Every match says why it fits, with a 20% margin for the gripper, and the ROI calculator checks the business case.',
  },
  {
    title: 'Deploy with a partner',
    text: 'Contact the supplier or find an integrator who has done it before; they see your requirements, not a cold lead.',
  },
] as const;

export function HowItWorksSteps() {
  return (
    <section aria-labelledby="steps-title" className="py-12">
      <h2 id="steps-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        From idea to running cell in three steps
      </h2>
      <ol className="mt-6 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="relative pl-14">
            <span
              className="absolute left-0 top-0 inline-flex h-10 w-10 items-center justify-center rounded-full bg-slate-900 text-base font-bold text-white dark:bg-slate-100 dark:text-slate-900"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
      <Link to={paths.learn.getHref()} className={buttonClasses({ variant: 'outline', className: 'mt-8' })}>
        Learn how it works
      </Link>
    </section>
  );
}
