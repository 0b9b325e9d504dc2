import { StorageError } from './errors';

// S3's rules: 3-63 characters, lowercase letters, digits, dots and hyphens, starting and
// ending with a letter or digit, no "..", not shaped like an IP address.
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_RE = /^\d{1,3}(\.\d{1,3}){3}$/;
const MAX_KEY_BYTES = 1024;

export function validateBucketName(bucket: string): string | null {
  if (typeof bucket !== 'string' || !BUCKET_RE.test(bucket)) {
    return 'Bucket names are 3-63 characters: lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit';
  }
  if (bucket.includes('..')) return 'Bucket names must not contain ".."';
  if (IP_RE.test(bucket)) return 'Bucket names must not look like an IP address';
  return null;
}

/**
 * Keys are relative, slash-separated paths. Anything that could escape a folder on disk
 * or mean different things on different stores is refused: "..", ".", empty segments,
 * a leading slash, backslashes, drive letters, NUL and other control characters.
 */
export function validateObjectKey(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'Object key must not be empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `Object key must be at most ${MAX_KEY_BYTES} bytes`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'Object key must not contain NUL or control characters';
  if (key.includes('\\')) return 'Object key must not contain backslashes';
  if (key.startsWith('/') || /^[a-zA-Z]:/.test(key)) return 'Object key must be a relative path';
  const segments = key.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return 'Object key must not contain "." or ".." segments';
  if (segments.some((s) => s === '')) return 'Object key must not contain empty segments or a trailing slash';
  return null;
}

export function assertBucketName(bucket: string): void {
  const problem = validateBucketName(bucket);
  if (problem) throw new StorageError('INVALID_BUCKET_NAME', `Invalid bucket name "${String(bucket).slice(0, 80)}": ${problem}`);
}

export function assertObjectKey(key: string): void {
  const problem = validateObjectKey(key);
  if (problem) throw new StorageError('INVALID_OBJECT_KEY', `Invalid object key: ${problem}`);
}
