import type { ObjectStorage } from '@cellforge/storage';
import type { Logger } from 'pino';
import type { PerceptionConfig } from './env';
import type { FfmpegTools } from './ffmpeg';
import type { CatalogClient } from './stage2/catalog';

/** Everything a job needs; tests build it with fakes. */
export interface JobContext {
  storage: ObjectStorage;
  tools: FfmpegTools;
  config: PerceptionConfig;
  catalog: CatalogClient;
  fetch: typeof fetch;
  clock: () => Date;
  logger: Logger;
  /** Aborted at the job deadline or when the caller goes away. */
  signal?: AbortSignal;
}
