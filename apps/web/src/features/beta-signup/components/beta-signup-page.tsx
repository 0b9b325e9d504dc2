import { Check } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { env } from '@/config/env';
import { BetaSignupForm } from './beta-signup-form';

const BENEFITS = [
  'Early access to the marketplace, the robotics copilot and the ROI calculator',
  'Video analysis of your process, matched to robots that fit the payload, reach and cycle time',
  'A direct line to the team: your feedback shapes what we build next',
  'Free for the early-access period; open source and self-hostable for good',
];

export function BetaSignupPage() {
  const [searchParams] = useSearchParams();
  return (
    <Page
      title="Get Early Access"
      documentTitle="Get early access"
      lead={
        <p>
          {env.appName} is opening to its first customers, suppliers and system integrators. Leave your details and
          we will invite you as places open.
        </p>
      }
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="max-w-2xl">
          <BetaSignupForm initialRole={searchParams.get('role')} />
        </div>
        <aside aria-labelledby="early-access-benefits" className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
          <h2 id="early-access-benefits" className="text-lg font-semibold text-slate-900 dark:text-white">
            What early access gives you
          </h2>
          <ul className="mt-4 space-y-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-slate-700 dark:text-slate-300">
                <Check className="mt-0.5 h-5 w-5 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Page>
  );
}
