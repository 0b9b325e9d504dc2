import { isStorageError, type ObjectStorage } from '@cellforge/storage';
import { PerceptionError } from './errors';

/** Where a job's files live inside its result bucket. */
export function jobKeys(projectId: string, jobId: string) {
  const prefix = `${projectId}/${jobId}`;
  return {
    stage1: `${prefix}/stage1.json`,
    confirmation: `${prefix}/confirmation.json`,
    stage2: `${prefix}/stage2.json`,
  };
}

/**
 * /confirm and /stage2 do not carry result_bucket (docs/product.md §7.13), so stage 1 leaves a
 * pointer in the service's own bucket: jobs/<project_id>/<job_id>.json -> { result_bucket }.
 */
export function jobPointerKey(projectId: string, jobId: string): string {
  return `jobs/${projectId}/${jobId}.json`;
}

export function storageFailure(err: unknown, what: string): PerceptionError {
  return new PerceptionError('STORAGE_UNAVAILABLE', `Object storage failed while ${what}: ${(err as Error)?.message ?? String(err)}`, undefined, {
    cause: err,
  });
}

/** The parsed JSON object, or null when it does not exist. */
export async function readJson(storage: ObjectStorage, bucket: string, key: string): Promise<unknown> {
  let buffer: Buffer;
  try {
    buffer = await storage.getObjectBuffer(bucket, key);
  } catch (err) {
    if (isStorageError(err, 'OBJECT_NOT_FOUND')) return null;
    throw storageFailure(err, `reading ${bucket}/${key}`);
  }
  try {
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch (err) {
    throw new PerceptionError('INTERNAL', `${bucket}/${key} holds invalid JSON`, undefined, { cause: err });
  }
}

export async function writeJson(storage: ObjectStorage, bucket: string, key: string, value: unknown): Promise<void> {
  try {
    await storage.putObject(bucket, key, Buffer.from(JSON.stringify(value, null, 2)), 'application/json');
  } catch (err) {
    throw storageFailure(err, `writing ${bucket}/${key}`);
  }
}

export async function deleteQuietly(storage: ObjectStorage, bucket: string, key: string): Promise<void> {
  try {
    await storage.deleteObject(bucket, key);
  } catch (err) {
    throw storageFailure(err, `deleting ${bucket}/${key}`);
  }
}

export async function resolveResultBucket(storage: ObjectStorage, serviceBucket: string, projectId: string, jobId: string): Promise<string> {
  const pointer = (await readJson(storage, serviceBucket, jobPointerKey(projectId, jobId))) as { result_bucket?: unknown } | null;
  return typeof pointer?.result_bucket === 'string' ? pointer.result_bucket : serviceBucket;
}
