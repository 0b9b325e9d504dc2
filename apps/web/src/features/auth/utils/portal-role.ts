import { portalRoles, type PortalRole } from '@cellforge/contracts/constants';

/** /auth/{role} accepts customer, supplier and integrator only. */
export function isPortalRole(value: unknown): value is PortalRole {
  return typeof value === 'string' && (portalRoles as readonly string[]).includes(value);
}
