import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { firstNameOf, type SessionUser } from '@/lib/auth/session-user';

/** "Welcome back", and the way to the user's API keys (the header shows that link only from 1024 px). */
export function Greeting({ user }: { user: SessionUser }) {
  return (
    <>
      <p>Welcome back, {firstNameOf(user) || 'there'}.</p>
      <p className="mt-1 text-base">
        Connecting your own systems?{' '}
        <Link to={paths.apiKeys.getHref()} className="font-medium text-orange-700 underline underline-offset-4 hover:text-orange-800 dark:text-orange-300 dark:hover:text-orange-200">
          Manage your API keys
        </Link>
      </p>
    </>
  );
}
