import { roleDisplayName, type PortalRole } from '@cellforge/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { usePostAuthRedirect } from '../hooks/use-post-auth-redirect';
import { PORTALS } from '../utils/portals';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'sign-in' | 'register';


/** /auth/{role}: sign in or create an account in one portal. */
export function AuthPortal({ role }: { role: PortalRole }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const goOn = usePostAuthRedirect();
  const portalName = roleDisplayName(role);
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'sign-in';

  // The tab lives in the URL (?tab=register) so it can be linked and survives reloads.
  const selectTab = (next: AuthTab) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'register') params.set('tab', 'register');
    else params.delete('tab');
    setSearchParams(params, { replace: true });
  };

  return (
    <Page
      title={`${portalName} portal`}
      documentTitle={`${portalName} sign in`}
      lead={<p>{PORTALS.find((portal) => portal.role === role)?.description}</p>}
      className="max-w-2xl"
    >
      {user ? (
        <p className="mb-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
          You are signed in as {user.email}.{' '}
          <Link
            to={paths.dashboard.getHref()}
            className="font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
          >
            Go to your dashboard
          </Link>
        </p>
      ) : null}
      <Card>
        <Tabs<AuthTab>
          label={`${portalName} account`}
          value={tab}
          onValueChange={selectTab}
          items={[
            { value: 'sign-in', label: 'Sign in', content: <LoginForm role={role} onSuccess={goOn} /> },
            { value: 'register', label: 'Create account', content: <RegisterForm role={role} onSuccess={goOn} /> },
          ]}
        />
      </Card>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Not a {portalName.toLowerCase()}?{' '}
        <Link
          to={paths.auth.getHref(searchParams.get('redirect'))}
          className="font-semibold text-orange-800 underline underline-offset-4 dark:text-orange-300"
        >
          Choose another portal
        </Link>
      </p>
    </Page>
  );
}
