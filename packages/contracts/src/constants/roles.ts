/** docs/product.md §2.1: the user types an account may carry. */
export const userTypes = ['customer', 'supplier', 'integrator', 'system_integrator'] as const;
export type UserType = (typeof userTypes)[number];

/** The three roles the product distinguishes; system_integrator folds into integrator. */
export const roles = ['customer', 'supplier', 'integrator'] as const;
export type Role = (typeof roles)[number];

/** Route segment of /auth/{role}. */
export const portalRoles = ['customer', 'supplier', 'integrator'] as const;
export type PortalRole = (typeof portalRoles)[number];
