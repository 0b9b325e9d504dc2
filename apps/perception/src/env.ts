import path from 'node:path';
import { DEFAULT_ZIP_LIMITS, s3ConfigFromEnv, type S3StorageConfig, type ZipLimits } from '@cellforge/storage';
import { z } from 'zod';

export interface PerceptionConfig {
  /** How stage 1 measures the camera's shift (analysis/stabilise.ts); phase correlation unless set (the bench compares both). */
  shiftMethod?: 'phase' | 'projections';
  /** Base URL of the API that serves GET /api/robots. */
  catalogUrl: string;
  /** The service's own bucket: job pointers, and results when stage 1 named no other. */
  serviceBucket: string;
  /** Local upload root (<DATA_DIR>/uploads, shared with the API) when S3 is not configured. */
  localRoot: string;
  s3?: S3StorageConfig;
  vision?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  /** Videos are analysed up to this many seconds each (a warning says when one was cut). */
  maxVideoSeconds: number;
  /** Stage 1 and stage 2 give up after this (callers time out at 300 s). */
  jobTimeoutMs: number;
  /** Largest uploaded object stage 1 will fetch. */
  maxObjectBytes: number;
  zipLimits: ZipLimits;
  catalogTimeoutMs: number;
  tmpDir?: string;
}

const optional = (schema: z.ZodType) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  DATA_DIR: optional(z.string().default('.data')),
  CATALOG_URL: optional(z.url().default('http://127.0.0.1:3000')),
  PERCEPTION_RESULT_BUCKET: optional(z.string().default('results')),
  AI_BASE_URL: optional(z.url().optional()),
  AI_API_KEY: optional(z.string().optional()),
  AI_MODEL: optional(z.string().optional()),
  PERCEPTION_MAX_VIDEO_SECONDS: optional(z.coerce.number().positive().default(600)),
  PERCEPTION_JOB_TIMEOUT_MS: optional(z.coerce.number().int().positive().default(270_000)),
  PERCEPTION_MAX_OBJECT_BYTES: optional(z.coerce.number().int().positive().default(4 * 1024 ** 3)),
  PERCEPTION_TMP_DIR: optional(z.string().optional()),
});

export const DEFAULT_CONFIG: PerceptionConfig = {
  catalogUrl: 'http://127.0.0.1:3000',
  serviceBucket: 'results',
  localRoot: path.resolve('.data', 'uploads'),
  maxVideoSeconds: 600,
  jobTimeoutMs: 270_000,
  maxObjectBytes: 4 * 1024 ** 3,
  zipLimits: DEFAULT_ZIP_LIMITS,
  catalogTimeoutMs: 20_000,
};

/** Reads the environment once at start; throws a readable message for bad values. */
export function loadPerceptionConfig(source: NodeJS.ProcessEnv = process.env): PerceptionConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data as {
    DATA_DIR: string;
    CATALOG_URL: string;
    PERCEPTION_RESULT_BUCKET: string;
    AI_BASE_URL?: string;
    AI_API_KEY?: string;
    AI_MODEL?: string;
    PERCEPTION_MAX_VIDEO_SECONDS: number;
    PERCEPTION_JOB_TIMEOUT_MS: number;
    PERCEPTION_MAX_OBJECT_BYTES: number;
    PERCEPTION_TMP_DIR?: string;
  };
  return {
    ...DEFAULT_CONFIG,
    catalogUrl: env.CATALOG_URL,
    serviceBucket: env.PERCEPTION_RESULT_BUCKET,
    localRoot: path.resolve(env.DATA_DIR, 'uploads'),
    s3: s3ConfigFromEnv(source),
    vision:
      env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: 30_000 }
        : undefined,
    maxVideoSeconds: env.PERCEPTION_MAX_VIDEO_SECONDS,
    jobTimeoutMs: env.PERCEPTION_JOB_TIMEOUT_MS,
    maxObjectBytes: env.PERCEPTION_MAX_OBJECT_BYTES,
    tmpDir: env.PERCEPTION_TMP_DIR,
  };
}
