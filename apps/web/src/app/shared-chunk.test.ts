import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedChunkModules } from './shared-chunk';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The specifiers a module imports for values (not `import type`). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms), ...code.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1] ?? '');
}

// What would bring zod or the form library into the chunk every page loads.
const FORBIDDEN = /^(zod|react-hook-form|@hookform\/.*|@cellforge\/client|@\/lib\/(typed-api|use-server-form|integrator-messages|form-errors))$/;

describe('the shared chunk (vite.config.ts group "shared")', () => {
  const shared = sourceFiles(src).filter((file) => sharedChunkModules.test(file));

  it('takes the UI parts, formatters and catalog reads, not the answer schemas nor query-state', () => {
    const names = shared.map((file) => path.relative(src, file).split(path.sep).join('/'));
    expect(names).toEqual(
      expect.arrayContaining(['components/ui/button.tsx', 'components/ui/state-message.tsx', 'lib/robot-format.ts', 'lib/offer-format.ts', 'features/catalog/api/get-robots.ts']),
    );
    expect(names).not.toContain('features/catalog/api/answer-schemas.ts');
    expect(names).not.toContain('components/ui/query-state.tsx');
    expect(names).not.toContain('lib/typed-api.ts');
  });

  it('has no module that imports zod, the form library or the typed client', () => {
    const offenders = shared.flatMap((file) => valueImports(file).filter((spec) => FORBIDDEN.test(spec)).map((spec) => `${path.relative(src, file)} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('reads the catalog answers with schemas loaded on demand, not imported', () => {
    const reads = shared.filter((file) => file.includes(`features${path.sep}catalog${path.sep}api`));
    expect(reads.length).toBeGreaterThanOrEqual(5);
    for (const file of reads) expect(valueImports(file).filter((spec) => spec === '@cellforge/contracts')).toEqual([]);
  });
});
