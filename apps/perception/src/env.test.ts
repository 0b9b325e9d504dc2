import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPerceptionConfig } from './env';

describe('loadPerceptionConfig', () => {
  it('defaults to local uploads under DATA_DIR, the catalog on :3000 and no vision model', () => {
    const config = loadPerceptionConfig({});
    expect(config).toMatchObject({ catalogUrl: 'http://127.0.0.1:3000', serviceBucket: 'results', localRoot: path.resolve('.data', 'uploads'), maxVideoSeconds: 600 });
    expect(config.s3).toBeUndefined();
    expect(config.vision).toBeUndefined();
  });

  it('reads DATA_DIR, S3 and the vision model; empty values count as unset', () => {
    const config = loadPerceptionConfig({
      DATA_DIR: '/srv/cellforge',
      CATALOG_URL: 'http://api:3000',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'cellforge',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      AI_BASE_URL: 'http://llm:8000/v1',
      AI_API_KEY: 'key',
      AI_MODEL: 'qwen2-vl',
      PERCEPTION_MAX_VIDEO_SECONDS: '',
    });
    expect(config.localRoot).toBe('/srv/cellforge/uploads');
    expect(config.catalogUrl).toBe('http://api:3000');
    expect(config.s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'cellforge', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' });
    expect(config.vision).toEqual({ baseUrl: 'http://llm:8000/v1', apiKey: 'key', model: 'qwen2-vl', timeoutMs: 30_000 });
    expect(config.maxVideoSeconds).toBe(600);
  });

  it('needs all three AI settings for the vision model, and refuses bad values', () => {
    expect(loadPerceptionConfig({ AI_BASE_URL: 'http://llm:8000/v1', AI_MODEL: 'm' }).vision).toBeUndefined();
    expect(() => loadPerceptionConfig({ CATALOG_URL: 'not a url' })).toThrow(/CATALOG_URL/);
    expect(() => loadPerceptionConfig({ PERCEPTION_JOB_TIMEOUT_MS: '-5' })).toThrow(/PERCEPTION_JOB_TIMEOUT_MS/);
  });
});
