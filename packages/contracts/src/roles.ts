import type { Role } from './constants/roles';

/** docs/product.md §2: roles, display names and permissions (the role names are in constants/roles.ts). */
export * from './constants/roles';

export const permissions = [
  'view_catalog',
  'view_profile',
  'manage_robots',
  'view_leads',
  'edit_listings',
  'upload_robots',
  'view_analytics',
  'view_deployments',
  'manage_projects',
  'access_plans',
  'view_opportunities',
  'create_projects',
  'view_matches',
  'contact_suppliers',
  'find_integrators',
] as const;
export type Permission = (typeof permissions)[number];

const common: Permission[] = ['view_catalog', 'view_profile'];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  supplier: [...common, 'manage_robots', 'view_leads', 'edit_listings', 'upload_robots', 'view_analytics'],
  integrator: [...common, 'view_deployments', 'manage_projects', 'access_plans', 'view_opportunities'],
  customer: [...common, 'create_projects', 'view_matches', 'contact_suppliers', 'find_integrators'],
};

const displayNames: Record<Role, string> = {
  customer: 'Customer',
  supplier: 'Supplier',
  integrator: 'System Integrator',
};

/** supplier is supplier; integrator and system_integrator are integrator; anything else is customer (docs/product.md §2.1). */
export function normalizeRole(value: unknown): Role {
  if (value === 'supplier') return 'supplier';
  if (value === 'integrator' || value === 'system_integrator') return 'integrator';
  return 'customer';
}

/** The role of a user-like object: user_type first, else role. */
export function roleOf(user: { user_type?: unknown; role?: unknown } | null | undefined): Role {
  if (!user) return 'customer';
  return normalizeRole(user.user_type ?? user.role);
}

export function permissionsFor(role: unknown): readonly Permission[] {
  return rolePermissions[normalizeRole(role)];
}

export function hasPermission(role: unknown, permission: Permission): boolean {
  return permissionsFor(role).includes(permission);
}

export function roleDisplayName(role: unknown): string {
  return displayNames[normalizeRole(role)];
}
