import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Container } from './page';

const tabs = [
  { to: paths.apiKeys.getHref(), label: 'API keys' },
  { to: paths.settingsWebhooks.getHref(), label: 'Webhooks' },
];

/** The integration settings' tabs (API keys, webhooks): one header link leads to both. */
export function SettingsNav() {
  return (
    <Container className="pt-6">
      <nav aria-label="Integration settings" className="border-b border-slate-200 dark:border-slate-800">
        <ul className="-mb-px flex gap-6">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'inline-block border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2',
                    isActive
                      ? 'border-brand-600 text-slate-900 dark:border-brand-400 dark:text-white'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
