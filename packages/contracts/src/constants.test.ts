import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from './index';
import * as constants from './constants/index';
import packageJson from '../package.json' with { type: 'json' };

const constantsDir = path.join(import.meta.dirname, 'constants');

describe('@cellforge/contracts/constants', () => {
  it('is exported as its own entry point', () => {
    expect(packageJson.exports['./constants']).toEqual({ types: './src/constants/index.ts', default: './src/constants/index.ts' });
    expect(packageJson.sideEffects).toBe(false);
  });

  it('imports nothing but its own files (no zod, no schema module)', () => {
    const files = readdirSync(constantsDir).filter((f) => f.endsWith('.ts'));
    expect(files).toEqual(expect.arrayContaining(['index.ts', 'chat.ts', 'robots.ts', 'roles.ts']));
    for (const file of files) {
      const source = readFileSync(path.join(constantsDir, file), 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[a-z-]+$/);
    }
  });

  it('holds the very values the schemas and the main entry use', () => {
    for (const [name, value] of Object.entries(constants)) {
      expect((contracts as Record<string, unknown>)[name], name).toBe(value);
    }
  });

  it('builds the catalog query from the filter keys', () => {
    // Ranges are numbers, the other filters text: every key comes out of the parse.
    const query = Object.fromEntries(constants.catalogFilterKeys.map((key) => [key, /^(min|max)/.test(key) ? '5' : 'x']));
    const parsed = contracts.robotQuerySchema.parse(query);
    for (const key of constants.catalogFilterKeys) expect(parsed[key], key).toBe(/^(min|max)/.test(key) ? 5 : 'x');
  });

  it('caps chat filter values at CHAT_FILTER_VALUE_MAX', () => {
    const value = 'a'.repeat(constants.CHAT_FILTER_VALUE_MAX);
    expect(contracts.chatContextSchema.safeParse({ filters: { category: value } }).success).toBe(true);
    expect(contracts.chatContextSchema.safeParse({ filters: { category: `${value}a` } }).success).toBe(false);
  });
});
