import { describe, expect, it } from 'vitest';
import { validateBucketName, validateObjectKey } from './keys';

describe('bucket names', () => {
  it.each(['uploads', 'results', 'cellforge-videos', 'a.b-c1'])('accepts %s', (name) => {
    expect(validateBucketName(name)).toBeNull();
  });
  it.each(['ab', 'Uploads', '-uploads', 'uploads-', 'a..b', '192.168.1.1', 'a_b', '../up', 'x'.repeat(64), 'up\0loads'])('refuses %j', (name) => {
    expect(validateBucketName(name)).toEqual(expect.any(String));
  });
});

describe('object keys', () => {
  it.each(['video.mp4', 'p1/j1/frames/1.jpg', 'a b/c (1).mov', 'ünïcode/ключ.mp4'])('accepts %s', (key) => {
    expect(validateObjectKey(key)).toBeNull();
  });
  it.each(['', '../etc/passwd', 'a/../../b', '/abs/path', 'C:/win', 'c:file', 'a\\b', 'a\0b', 'a//b', 'a/', './a', 'a/./b', 'x'.repeat(1025)])(
    'refuses %j',
    (key) => {
      expect(validateObjectKey(key)).toEqual(expect.any(String));
    },
  );
});
