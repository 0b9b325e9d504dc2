import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

/** Issue 15, item 5: the production shape has no default credentials and publishes only the API. */
describe('docker-compose.yml', () => {
  it('requires every credential instead of falling back to a default', () => {
    for (const name of ['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(compose, name).not.toMatch(new RegExp(`\\$\\{${name}:-`));
      expect(compose, name).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    }
    expect(compose).not.toMatch(/cellforge-secret/);
  });

  it('publishes the API port only (no MinIO console, no database)', () => {
    const published = [...compose.matchAll(/^\s+- "([^"]+:\d+)"$/gm)].map((m) => m[1]);
    expect(published).toEqual(['${PORT:-3000}:3000']);
    expect(compose).not.toMatch(/9001:9001|5432:5432/);
  });
});
