/**
 * Runtime configuration. Precedence per setting: window.__APP_CONFIG__ (injected
 * into index.html by the server, so one build serves any deployment), then the
 * VITE_* build-time variables, then the defaults (same origin for both bases).
 *
 * Two bases as in docs/product.md §7.1: `aiBase` serves /auth, /projects and /ai,
 * `apiBase` serves the product API under /api.
 */
export interface AppConfig {
  appName: string;
  /** Product API base (used for /api/*). '' = the page's own origin. */
  apiBase: string;
  /** Hosted API base for /auth, /projects and /ai. '' = the page's own origin. */
  aiBase: string;
}

type ConfigSource = Partial<Record<keyof AppConfig, unknown>> | null | undefined;

export const DEFAULT_CONFIG: AppConfig = { appName: 'CellForge', apiBase: '', aiBase: '' };

function pickString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** A base set at runtime wins even when empty: '' is a real choice (same origin). */
function pickBase(runtime: unknown, build: unknown): string {
  if (typeof runtime === 'string') return runtime.trim();
  return pickString(build) ?? '';
}

/** Bases are joined with paths that start with '/', so drop a trailing slash. */
function normalizeBase(base: string): string {
  return base.replace(/\/+$/, '');
}

export function resolveConfig(runtime: ConfigSource, buildEnv: Partial<Record<string, unknown>>): AppConfig {
  const source = runtime && typeof runtime === 'object' ? runtime : {};
  return {
    appName: pickString(source.appName, buildEnv.VITE_APP_NAME) ?? DEFAULT_CONFIG.appName,
    apiBase: normalizeBase(pickBase(source.apiBase, buildEnv.VITE_API_BASE)),
    aiBase: normalizeBase(pickBase(source.aiBase, buildEnv.VITE_AI_BASE)),
  };
}

export const env: AppConfig = resolveConfig(
  typeof window === 'undefined' ? undefined : window.__APP_CONFIG__,
  import.meta.env,
);
