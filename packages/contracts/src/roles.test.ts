import { describe, expect, it } from 'vitest';
import { hasPermission, normalizeRole, permissionsFor, roleDisplayName, roleOf } from './roles';

describe('normalizeRole', () => {
  it.each([
    ['supplier', 'supplier'],
    ['integrator', 'integrator'],
    ['system_integrator', 'integrator'],
    ['customer', 'customer'],
    ['admin', 'customer'],
    [undefined, 'customer'],
    [null, 'customer'],
    [42, 'customer'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });
});

describe('roleOf', () => {
  it('prefers user_type over role', () => {
    expect(roleOf({ user_type: 'supplier', role: 'customer' })).toBe('supplier');
  });
  it('falls back to role', () => {
    expect(roleOf({ role: 'system_integrator' })).toBe('integrator');
  });
  it('treats a missing user as customer', () => {
    expect(roleOf(null)).toBe('customer');
  });
});

describe('permissionsFor', () => {
  it('gives every role view_catalog and view_profile', () => {
    for (const role of ['customer', 'supplier', 'integrator']) {
      expect(permissionsFor(role)).toEqual(expect.arrayContaining(['view_catalog', 'view_profile']));
    }
  });
  it('matches the spec table exactly', () => {
    expect([...permissionsFor('supplier')].sort()).toEqual(
      ['view_catalog', 'view_profile', 'manage_robots', 'view_leads', 'edit_listings', 'upload_robots', 'view_analytics'].sort(),
    );
    expect([...permissionsFor('system_integrator')].sort()).toEqual(
      ['view_catalog', 'view_profile', 'view_deployments', 'manage_projects', 'access_plans', 'view_opportunities'].sort(),
    );
    expect([...permissionsFor('customer')].sort()).toEqual(
      ['view_catalog', 'view_profile', 'create_projects', 'view_matches', 'contact_suppliers', 'find_integrators'].sort(),
    );
  });
  it('does not leak permissions across roles', () => {
    expect(hasPermission('customer', 'manage_robots')).toBe(false);
    expect(hasPermission('supplier', 'manage_projects')).toBe(false);
    expect(hasPermission('integrator', 'contact_suppliers')).toBe(false);
  });
});

describe('roleDisplayName', () => {
  it('uses the spec display names', () => {
    expect(roleDisplayName('customer')).toBe('Customer');
    expect(roleDisplayName('supplier')).toBe('Supplier');
    expect(roleDisplayName('integrator')).toBe('System Integrator');
    expect(roleDisplayName('system_integrator')).toBe('System Integrator');
  });
});
