import type { RequestHandler } from 'express';
import { hasPermission, roleDisplayName, type Permission, type Role } from '@cellforge/contracts';
import { AppError } from '../lib/errors';

/** Needs `authenticate` before it. system_integrator counts as integrator. */
export function requireRole(...allowed: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (!allowed.includes(req.auth.role)) {
      const portals = allowed.map((r) => roleDisplayName(r)).join(' or ');
      throw new AppError('FORBIDDEN', `This is part of the ${portals} portal. Your account is a ${roleDisplayName(req.auth.role)} account.`);
    }
    next();
  };
}

/** Enforces a permission from the role table (docs/product.md §2.2). */
export function requirePermission(permission: Permission): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (!hasPermission(req.auth.role, permission)) {
      throw new AppError(
        'FORBIDDEN',
        `Your ${roleDisplayName(req.auth.role)} account does not have the ${permission} permission.`,
      );
    }
    next();
  };
}

/** Any one of the permissions (e.g. suppliers and integrators both answer open requests). */
export function requireAnyPermission(...allowed: Permission[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const role = req.auth.role;
    if (!allowed.some((permission) => hasPermission(role, permission))) {
      const portals = (['supplier', 'integrator', 'customer'] as Role[]).filter((r) => allowed.some((p) => hasPermission(r, p)));
      throw new AppError(
        'FORBIDDEN',
        `This is part of the ${portals.map((r) => roleDisplayName(r)).join(' or ')} portal. Your account is a ${roleDisplayName(role)} account.`,
      );
    }
    next();
  };
}
