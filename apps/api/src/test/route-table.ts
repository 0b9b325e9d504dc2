import type { Express } from 'express';

export interface RouteEntry {
  method: string;
  /** Full path with Express parameters (":id"). */
  path: string;
}

interface Layer {
  name: string;
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

const join = (base: string, part: string) => `${base.replace(/\/$/, '')}/${part.replace(/^\//, '')}`.replace(/\/$/, '') || '/';

/**
 * Every route of an Express 5 app, read from its router stack (nested routers included),
 * as "METHOD /path". Tests that must cover every route (authorization, bad input) take
 * their list from here, so a new route cannot be forgotten. What this walk cannot name
 * (router.all, array or pattern paths, a mounted sub-app, a plain middleware mounted on a
 * path that may answer requests) throws instead of being skipped: a route the tests do
 * not see must not ship silently.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const routePath: unknown = layer.route.path;
        if (typeof routePath !== 'string') throw new Error(`route-table: a route under ${base || '/'} has a non-string path (${String(routePath)}); give it a string path`);
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on) continue;
          if (method === '_all') throw new Error(`route-table: ${join(base, routePath)} is registered with .all(); register each method`);
          out.push({ method: method.toUpperCase(), path: join(base, routePath) });
        }
        continue;
      }
      const rawPath: unknown = layer.rawPath ?? '/';
      if (typeof rawPath !== 'string') throw new Error(`route-table: something is mounted under ${base || '/'} on a non-string path; mount it on a string path`);
      if (layer.name === 'router' && layer.handle.stack) walk(layer.handle.stack, rawPath !== '/' ? join(base, rawPath) : base);
      else if (layer.name === 'mounted_app') throw new Error(`route-table: an Express sub-app is mounted at ${join(base, rawPath)}; mount a Router so its routes can be listed`);
      else if (rawPath !== '/') throw new Error(`route-table: middleware "${layer.name}" is mounted at ${join(base, rawPath)} and may answer requests no route lists; make it a route`);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
