import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiRoutes, errorStatusesOf, type RouteAnswerOf, type RouteBody, type RouteQuery, type RouteSpec } from './routes';

describe('the route table', () => {
  it('keeps each entry\'s zod types, so a client can infer bodies and answers', () => {
    expectTypeOf<RouteBody<typeof apiRoutes.login>>().toEqualTypeOf<{ email: string; password: string; required_user_type?: 'customer' | 'supplier' | 'integrator' | 'system_integrator' | null | undefined }>();
    expectTypeOf<RouteAnswerOf<typeof apiRoutes.login, 200>['token']>().toEqualTypeOf<string>();
    expectTypeOf<RouteAnswerOf<typeof apiRoutes.threads, 200>['next_cursor']>().toEqualTypeOf<string | null>();
    expectTypeOf<RouteQuery<typeof apiRoutes.threads>>().toEqualTypeOf<{ before?: string | undefined }>();
    // The shared mounts keep their own names and types.
    expectTypeOf<RouteAnswerOf<typeof apiRoutes.supplierBulkImport, 200>['inserted']>().toEqualTypeOf<number>();
    expect(apiRoutes.integratorBulkImport.path).toBe('/api/integrator/bulk-upload/import');
  });

  it('names every path parameter in params, once per method and path', () => {
    const seen = new Set<string>();
    for (const [operationId, spec] of Object.entries(apiRoutes as Record<string, RouteSpec>)) {
      const names = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(spec.params?.shape ?? {}).sort(), operationId).toEqual(names.sort());
      const key = `${spec.method} ${spec.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('implies the error statuses of a route from its shape', () => {
    expect(errorStatusesOf(apiRoutes.searchRobots)).toEqual([400]);
    expect(errorStatusesOf(apiRoutes.health)).toEqual([]);
    expect(errorStatusesOf(apiRoutes.createQuoteRequest)).toEqual([400, 401, 403, 429]);
    expect(errorStatusesOf(apiRoutes.getRobot)).toEqual([400, 401, 404]);
    expect(errorStatusesOf(apiRoutes.runStage2)).toEqual([400, 401, 403, 404, 409, 502, 504]);
  });
});
