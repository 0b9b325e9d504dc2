import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('generates and keeps a development secret in the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-env-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(96);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('treats empty variables as unset and applies the defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), AI_BASE_URL: '', DATABASE_URL: '', CORS_ORIGINS: 'http://a.test, http://b.test' });
    expect(config.ai.baseUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.appName).toBe('CellForge');
    expect(config.ai.defaultManufacturer).toBe('Universal Robots');
    expect(config.corsOrigins).toEqual(['http://a.test', 'http://b.test']);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), PORT: 'abc' })).toThrow(/PORT/);
  });
});
