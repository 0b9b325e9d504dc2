export { StorageError, ZipError, isStorageError, isZipError, type StorageErrorCode, type ZipErrorCode } from './errors';
export { validateBucketName, validateObjectKey, assertBucketName, assertObjectKey } from './keys';
export type { ObjectInfo, ObjectStorage, PutObjectOptions } from './object-storage';
export { LocalFolderStorage } from './local-folder-storage';
export { S3Storage, type S3StorageConfig } from './s3-storage';
export { createStorage, s3ConfigFromEnv, type CreateStorageOptions } from './create-storage';
export {
  DEFAULT_ZIP_LIMITS,
  extractZip,
  inspectZip,
  unsafeZipPathReason,
  type ExtractedFile,
  type ZipEntryInfo,
  type ZipInspection,
  type ZipLimits,
} from './zip';
export { isVideoFileType, sniffFileType, type SniffedFileType } from './sniff';
