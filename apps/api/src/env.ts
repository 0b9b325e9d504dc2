import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OFFER_IMAGE_MAX_BYTES, OFFER_IMAGE_MAX_PIXELS } from '@cellforge/contracts/constants';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the API reads from the environment, with its default (see README). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_NAME: z.string().min(1).default('CellForge'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_READ_URL: z.string().url().optional(),
  DATABASE_READ_FRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  SEED_ON_START: bool.default(true),
  CATALOG_INDEX_REFRESH_MS: z.coerce.number().int().min(0).default(1000),
  CATALOG_STALE_MS: z.coerce.number().int().min(0).default(1000),
  JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET must be at least 32 characters' }).optional(),
  JWT_EXPIRES_IN_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.string().default('loopback'),
  WEB_DIST: z.string().optional(),
  PERCEPTION_URL: z.string().url().default('http://127.0.0.1:3002'),
  PERCEPTION_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  JOB_WORKERS: z.coerce.number().int().min(0).max(32).default(2),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  VIDEO_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  VIDEO_BUCKET: z.string().default('customer-videos'),
  RESULT_BUCKET: z.string().default('analysis-results'),
  OFFER_IMAGE_BUCKET: z.string().default('offer-images'),
  OFFER_IMAGE_MAX_BYTES: z.coerce.number().int().positive().default(OFFER_IMAGE_MAX_BYTES),
  OFFER_IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(OFFER_IMAGE_MAX_PIXELS),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  LOGIN_RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REGISTER_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
  QUOTE_REQUEST_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  QUOTE_REQUEST_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  API_KEY_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60 * 1000),
  TOKEN_CHECK_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  BULK_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  BULK_CSV_UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_DEFAULT_MANUFACTURER: z.string().default('Universal Robots'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//i.test(v), { message: 'SMTP_URL must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().max(320).optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), { message: 'PUBLIC_URL must start with http:// or https://' })
    .optional(),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(60),
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_IP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  WEBHOOK_SECRET_KEY: z.string().min(32, { message: 'WEBHOOK_SECRET_KEY must be at least 32 characters' }).optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(100).default(5000),
});
export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  appName: string;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  databaseUrl?: string;
  /** A read replica for catalog searches (modules/catalog/catalog-read-replica.ts). */
  databaseReadUrl?: string;
  /** How long after a write a client's catalog searches read the primary (read-your-writes). */
  databaseReadFreshSeconds: number;
  seedOnStart: boolean;
  catalogIndexRefreshMs: number;
  /** How long a remembered search of the previous catalog version may be given while it is recomputed (ms). */
  catalogStaleMs: number;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  bcryptRounds: number;
  corsOrigins: string[];
  trustProxy: string;
  webDist?: string;
  perceptionUrl: string;
  perceptionTimeoutMs: number;
  /** Durable jobs (modules/jobs): worker loops in this process (0: none), lease, idle poll, retry backoff base, attempts. */
  jobWorkers: number;
  jobLeaseMs: number;
  jobPollMs: number;
  jobRetryBaseMs: number;
  jobMaxAttempts: number;
  videoUploadMaxBytes: number;
  videoBucket: string;
  resultBucket: string;
  /** Offer images (issue 13): their bucket, the largest file and the most pixels accepted. */
  offerImageBucket: string;
  offerImageMaxBytes: number;
  offerImageMaxPixels: number;
  loginRateLimit: number;
  /** Assistant questions per client address and minute, counted in the database across instances. */
  chatRateLimit: number;
  loginRateWindowMs: number;
  /** Failed sign-ins per address across all e-mails per window (password spraying). */
  loginIpRateLimit: number;
  registerRateLimit: number;
  registerRateWindowMs: number;
  /** Requests for quote per customer per window (each one reaches every seller of the model). */
  quoteRequestRateLimit: number;
  quoteRequestRateWindowMs: number;
  /** Requests per API key per window (issue 17). */
  apiKeyRateLimit: number;
  apiKeyRateWindowMs: number;
  /** How long a token's version check against the user row is reused (ms). */
  tokenCheckCacheMs: number;
  jsonBodyLimit: string;
  bulkUploadMaxBytes: number;
  /** BULK_CSV_UPLOAD_MAX_BYTES: a CSV is streamed, so its limit is its own (200 MB by default). */
  bulkCsvUploadMaxBytes: number;
  ai: { baseUrl?: string; apiKey?: string; model?: string; defaultManufacturer: string; timeoutMs: number };
  s3?: { endpoint: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string };
  /** Outgoing mail: sent through smtpUrl when set, otherwise only logged (modules/notifications). */
  mail: { smtpUrl?: string; from: string };
  /** Where people open the app, without a trailing slash: the base of every link in a mail. */
  publicUrl: string;
  /** How long a password-reset link works (minutes). */
  passwordResetTtlMinutes: number;
  /** Reset mails asked for per address and e-mail per LOGIN_RATE_WINDOW_MS. */
  passwordResetRateLimit: number;
  /** Reset mails asked for, and failed resets, per address per LOGIN_RATE_WINDOW_MS. */
  passwordResetIpRateLimit: number;
  /**
   * Webhooks (modules/webhooks): allowPrivate lets endpoints be http:// or private
   * addresses (default: everywhere but NODE_ENV=production; WEBHOOK_ALLOW_PRIVATE sets it);
   * secretKey seals the endpoints' signing secrets (WEBHOOK_SECRET_KEY, else from JWT_SECRET).
   */
  webhooks: { allowPrivate: boolean; secretKey?: string; timeoutMs: number; pollMs: number };
}

/** Words that mark a placeholder rather than a secret (the .env.example value among them). */
const PLACEHOLDER_WORDS = /change[-_ ]?me|changeit|placeholder|example|secret|password|your[-_ ]|replace|default|todo|xxx/i;

/**
 * Why a production secret is not one, or null: a placeholder, or too little entropy
 * (fewer than 10 distinct characters, or under 128 bits estimated from its alphabet).
 * 32 times "a" passes a length check and is guessed at once.
 */
export function weakSecretReason(secret: string): string | null {
  if (PLACEHOLDER_WORDS.test(secret)) return 'looks like a placeholder';
  const distinct = new Set(secret).size;
  if (distinct < 10) return `has only ${distinct} different characters`;
  const alphabet = (/[a-z]/.test(secret) ? 26 : 0) + (/[A-Z]/.test(secret) ? 26 : 0) + (/\d/.test(secret) ? 10 : 0) + (/[^a-zA-Z\d]/.test(secret) ? 33 : 0);
  if (secret.length * Math.log2(Math.max(alphabet, 2)) < 128) return 'is too short for its characters (under 128 bits)';
  return null;
}

/**
 * In development a missing JWT_SECRET is generated once and kept in the data folder,
 * so sessions survive restarts. In production it must come from the environment.
 */
function resolveJwtSecret(env: Env): string {
  if (env.JWT_SECRET) {
    const weak = env.NODE_ENV === 'production' ? weakSecretReason(env.JWT_SECRET) : null;
    if (weak) throw new Error(`JWT_SECRET ${weak}: set it to a random value, e.g. the output of \`openssl rand -hex 32\`.`);
    return env.JWT_SECRET;
  }
  if (env.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET is required when NODE_ENV=production (at least 32 characters).');
  }
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in .env or compose's ${FOO:-}) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.PUBLIC_URL) {
    throw new Error('PUBLIC_URL is required when SMTP_URL is set and NODE_ENV=production: the links in mails are built from it (e.g. https://robots.example.com).');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const s3 =
    env.S3_ENDPOINT && env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appName: env.APP_NAME,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    databaseReadFreshSeconds: env.DATABASE_READ_FRESH_SECONDS,
    seedOnStart: env.SEED_ON_START,
    catalogIndexRefreshMs: env.CATALOG_INDEX_REFRESH_MS,
    catalogStaleMs: env.CATALOG_STALE_MS,
    jwtSecret: resolveJwtSecret(env),
    jwtExpiresInSeconds: env.JWT_EXPIRES_IN_SECONDS,
    bcryptRounds: env.BCRYPT_ROUNDS,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST,
    perceptionUrl: env.PERCEPTION_URL,
    perceptionTimeoutMs: env.PERCEPTION_TIMEOUT_MS,
    jobWorkers: env.JOB_WORKERS,
    jobLeaseMs: env.JOB_LEASE_MS,
    jobPollMs: env.JOB_POLL_MS,
    jobRetryBaseMs: env.JOB_RETRY_BASE_MS,
    jobMaxAttempts: env.JOB_MAX_ATTEMPTS,
    videoUploadMaxBytes: env.VIDEO_UPLOAD_MAX_BYTES,
    videoBucket: env.VIDEO_BUCKET,
    resultBucket: env.RESULT_BUCKET,
    offerImageBucket: env.OFFER_IMAGE_BUCKET,
    offerImageMaxBytes: env.OFFER_IMAGE_MAX_BYTES,
    offerImageMaxPixels: env.OFFER_IMAGE_MAX_PIXELS,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    chatRateLimit: env.CHAT_RATE_LIMIT,
    loginRateWindowMs: env.LOGIN_RATE_WINDOW_MS,
    loginIpRateLimit: env.LOGIN_IP_RATE_LIMIT,
    registerRateLimit: env.REGISTER_RATE_LIMIT,
    registerRateWindowMs: env.REGISTER_RATE_WINDOW_MS,
    quoteRequestRateLimit: env.QUOTE_REQUEST_RATE_LIMIT,
    quoteRequestRateWindowMs: env.QUOTE_REQUEST_RATE_WINDOW_MS,
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    apiKeyRateWindowMs: env.API_KEY_RATE_WINDOW_MS,
    tokenCheckCacheMs: env.TOKEN_CHECK_CACHE_MS,
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    bulkUploadMaxBytes: env.BULK_UPLOAD_MAX_BYTES,
    bulkCsvUploadMaxBytes: env.BULK_CSV_UPLOAD_MAX_BYTES,
    ai: {
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      defaultManufacturer: env.AI_DEFAULT_MANUFACTURER,
      timeoutMs: env.AI_TIMEOUT_MS,
    },
    s3,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>` },
    publicUrl,
    passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
    passwordResetRateLimit: env.PASSWORD_RESET_RATE_LIMIT,
    passwordResetIpRateLimit: env.PASSWORD_RESET_IP_RATE_LIMIT,
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? env.NODE_ENV !== 'production',
      secretKey: env.WEBHOOK_SECRET_KEY,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      pollMs: env.WEBHOOK_POLL_MS,
    },
  };
}
