/** Types of start.mjs, for TypeScript callers (the benches start the API with its flags). */
export const DEFAULT_API_MAX_OLD_SPACE_MB: number;
export function apiHeapFlags(env?: Record<string, string | undefined>): string[];
/** Milliseconds to wait before restarting, or null to give up. */
export function restartPolicy(crashes: number[]): number | null;
export const STABLE_RUN_MS: number;
export const MAX_QUICK_CRASHES: number;
