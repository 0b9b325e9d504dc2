import { describe, expect, it } from 'vitest';
import { postAuthDestination, roleHomePath, sanitizeRedirect } from './redirect';

describe('sanitizeRedirect', () => {
  it.each([
    '//evil.com',
    '//evil.com/dashboard',
    '/\\evil.com',
    'https://evil.com',
    'http://localhost/dashboard',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/\t/evil.com',
    '/\n/evil.com',
  ])('rejects %j', (value) => {
    expect(sanitizeRedirect(value)).toBeNull();
  });

  it('rejects missing values', () => {
    expect(sanitizeRedirect(null)).toBeNull();
    expect(sanitizeRedirect(undefined)).toBeNull();
  });

  it.each(['/', '/dashboard', '/projects/42/robots?tab=matches', '/catalog?q=arm#top'])('accepts %j', (value) => {
    expect(sanitizeRedirect(value)).toBe(value);
  });
});

describe('postAuthDestination', () => {
  it('goes to a safe redirect', () => {
    expect(postAuthDestination('/projects/7/robots', 'customer')).toBe('/projects/7/robots');
  });

  it('falls back to the role home for unsafe or missing redirects', () => {
    expect(postAuthDestination('//evil.com', 'customer')).toBe('/dashboard');
    expect(postAuthDestination(null, 'supplier')).toBe('/dashboard');
    expect(postAuthDestination(null, 'integrator')).toBe('/integrator/dashboard');
  });

  it('never sends the user back to a sign-in page', () => {
    expect(postAuthDestination('/auth/customer', 'customer')).toBe('/dashboard');
    expect(postAuthDestination('/auth?redirect=/x', 'integrator')).toBe('/integrator/dashboard');
  });

  it('maps roles to their homes', () => {
    expect(roleHomePath('customer')).toBe('/dashboard');
    expect(roleHomePath('supplier')).toBe('/dashboard');
    expect(roleHomePath('integrator')).toBe('/integrator/dashboard');
  });
});
