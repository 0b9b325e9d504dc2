import { firstNameOf, type SessionUser } from '@/lib/auth/session-user';

export function Greeting({ user }: { user: SessionUser }) {
  return <p>Welcome back, {firstNameOf(user) || 'there'}.</p>;
}
