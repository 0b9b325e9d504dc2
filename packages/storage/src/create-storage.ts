import { LocalFolderStorage } from './local-folder-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage, type S3StorageConfig } from './s3-storage';

export interface CreateStorageOptions {
  /** S3-compatible storage when given; otherwise files under localRoot. */
  s3?: S3StorageConfig;
  localRoot: string;
}

export function createStorage(options: CreateStorageOptions): ObjectStorage {
  return options.s3 ? new S3Storage(options.s3) : new LocalFolderStorage(options.localRoot);
}

/**
 * The S3 settings both apps read: S3_ENDPOINT and S3_BUCKET switch S3 on; S3_REGION
 * (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are optional. Empty
 * variables count as unset.
 */
export function s3ConfigFromEnv(env: Record<string, string | undefined>): S3StorageConfig | undefined {
  const get = (name: string) => (env[name] && env[name] !== '' ? env[name] : undefined);
  const endpoint = get('S3_ENDPOINT');
  const bucket = get('S3_BUCKET');
  if (!endpoint || !bucket) return undefined;
  return {
    endpoint,
    bucket,
    region: get('S3_REGION') ?? 'us-east-1',
    accessKeyId: get('S3_ACCESS_KEY_ID'),
    secretAccessKey: get('S3_SECRET_ACCESS_KEY'),
  };
}
