import { roleOf, type Role, type User } from '@cellforge/contracts';

/**
 * The signed-in user as the client knows it. Answers are read tolerantly
 * (docs/product.md §4.1), so every field but the email may be missing.
 */
export type SessionUser = Partial<User> & { email: string } & Record<string, unknown>;

export function firstNameOf(user: Record<string, unknown> | null | undefined): string {
  const value = user?.first_name ?? user?.firstName;
  return typeof value === 'string' ? value.trim() : '';
}

export function sessionRoleOf(user: SessionUser | null): Role | null {
  return user ? roleOf(user) : null;
}
