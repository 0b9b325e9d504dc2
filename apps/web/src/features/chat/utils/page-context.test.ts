import { describe, expect, it } from 'vitest';
import { filtersFrom, pageNameFor, robotIdFor } from './page-context';

describe('pageNameFor (docs/product.md §7.4 page names)', () => {
  it.each([
    ['/', 'homepage'],
    ['/catalog', 'catalog'],
    ['/catalog/', 'catalog'],
    ['/robots/abc-123', 'robot_detail'],
    ['/compare', 'compare'],
    ['/roi-calculator', 'roi_calculator'],
    ['/dashboard', 'dashboard'],
    ['/integrator/dashboard', 'dashboard'],
    ['/auth', 'auth'],
    ['/auth/supplier', 'auth'],
    ['/about', 'general'],
    ['/agent/robotics-advisor', 'general'],
    ['/projects/p1/robots', 'general'],
    ['/authority', 'general'],
  ])('%s is %s', (path, page) => {
    expect(pageNameFor(path)).toBe(page);
  });
});

describe('robotIdFor', () => {
  it('reads the id of /robots/:id only', () => {
    expect(robotIdFor('/robots/00000000-0000-4000-8000-000000000001')).toBe('00000000-0000-4000-8000-000000000001');
    expect(robotIdFor('/robots/a%20b')).toBe('a b');
    expect(robotIdFor('/catalog')).toBeNull();
    expect(robotIdFor('/robots')).toBeNull();
  });
});

describe('filtersFrom', () => {
  it('keeps the eight spec filters that have a value', () => {
    const search =
      '?category=cobot&manufacturer=FANUC&industry=automotive&minPrice=1000&maxPrice=50000&minPayload=5&maxPayload=20&application=welding&q=arm&page=2&sort=price';
    expect(filtersFrom(search)).toEqual({
      category: 'cobot',
      manufacturer: 'FANUC',
      industry: 'automotive',
      minPrice: '1000',
      maxPrice: '50000',
      minPayload: '5',
      maxPayload: '20',
      application: 'welding',
    });
    expect(filtersFrom('?manufacturer=&category=%20')).toEqual({});
    expect(filtersFrom('')).toEqual({});
  });

  it('cuts a value to the 200 characters the server accepts', () => {
    expect(filtersFrom(`?manufacturer=${'a'.repeat(250)}`).manufacturer).toBe('a'.repeat(200));
  });
});
