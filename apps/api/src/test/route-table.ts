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
 * their list from here, so a new route cannot be forgotten.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path: join(base, layer.route.path) });
        }
      } else if (layer.name === 'router' && layer.handle.stack) {
        walk(layer.handle.stack, layer.rawPath && layer.rawPath !== '/' ? join(base, layer.rawPath) : base);
      }
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
