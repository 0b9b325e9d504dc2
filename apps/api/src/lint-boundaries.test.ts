import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { defined } from './test/defined';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of the module-boundary rule for a file at `file` (relative to apps/api/src/modules) with `code`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src/modules', file) });
  // A file the linter could not parse (not in a TypeScript project) would pass vacuously.
  const fatal = defined(result).messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return defined(result).messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

/** Issue 11: `pnpm lint` keeps the API's module boundaries; these show it fails when they are crossed. */
describe('API module boundaries in lint', () => {
  it("refuses another module's files, and lets the module's index through", async () => {
    expect(await boundaryErrors('leads/leads.service.ts', "import { searchRobots } from '../catalog/catalog.repository';\nexport const x = searchRobots;\n")).toEqual([
      expect.stringMatching(/through its index\.ts/),
    ]);
    expect(await boundaryErrors('ai/advisor/recommend.ts', "import { findCandidateRobots } from '../../catalog/catalog.repository';\nexport const x = findCandidateRobots;\n")).toHaveLength(1);
    expect(await boundaryErrors('leads/leads.service.ts', "import { findRobotSeller } from '../catalog';\nexport const x = findRobotSeller;\n")).toEqual([]);
    // Inside one module any file may import any other.
    expect(await boundaryErrors('ai/advisor/recommend.ts', "import { kg } from './format';\nimport { x } from '../understanding/facts';\nexport const y = [kg, x];\n")).toEqual([]);
    // The first lint builds the TypeScript program: over 60 s on a machine at load 30.
  }, 180_000);

  it('lets only repositories import tables (type-only imports aside)', async () => {
    const query = "import { robots } from '@cellforge/db';\nexport const t = robots;\n";
    expect(await boundaryErrors('supplier/supplier.service.ts', query)).toEqual([expect.stringMatching(/Only repositories/)]);
    expect(await boundaryErrors('catalog/owned-robots.repository.ts', query)).toEqual([]);
    const leadsQuery = "import { leads } from '@cellforge/db';\nexport const t = leads;\n";
    expect(await boundaryErrors('leads/leads.repository.ts', leadsQuery)).toEqual([]);
    expect(await boundaryErrors('projects/project-dto.ts', "import type { projects } from '@cellforge/db';\nexport type P = typeof projects.$inferSelect;\n")).toEqual([]);
  });

  it('lets only the catalog module query the robots tables (one owner per table)', async () => {
    const query = "import { robots, robotViews } from '@cellforge/db';\nexport const t = [robots, robotViews];\n";
    // Paths of files that exist: type-aware lint only parses files its TypeScript project holds.
    expect(await boundaryErrors('leads/leads.repository.ts', query)).toEqual([
      expect.stringMatching(/catalog module owns the robots tables/),
      expect.stringMatching(/catalog module owns the robots tables/),
    ]);
    expect(await boundaryErrors('opportunities/opportunities.repository.ts', query)).toHaveLength(2);
    expect(await boundaryErrors('catalog/catalog.repository.ts', query)).toEqual([]);
  });

  it('refuses import cycles', async () => {
    const cycles = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src/modules', file) });
      return defined(result).messages.filter((m) => m.ruleId === 'import-x/no-cycle');
    };
    // leads.service imports leads.repository; the repository importing the service back closes a cycle.
    expect(await cycles('leads/leads.repository.ts', "import { createLeadsService } from './leads.service';\nexport const x = createLeadsService;\n")).toHaveLength(1);
    expect(await cycles('leads/leads.service.ts', "import { findLeadRow } from './leads.repository';\nexport const x = findLeadRow;\n")).toEqual([]);
  }, 60_000);
});

/** A `!` only assumes what it should state (a checked read, a helper that throws): the lint refuses it on Node code. */
describe('non-null assertions in lint', () => {
  /** The non-null assertion messages for `code` linted as `file` (relative to the repository root). */
  async function nonNullErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    const fatal = defined(result).messages.find((m) => m.fatal);
    if (fatal) throw new Error(`${file}: ${fatal.message}`);
    return defined(result)
      .messages.filter((m) => m.ruleId === '@typescript-eslint/no-non-null-assertion')
      .map((m) => m.message);
  }

  it('refuses them in the API, perception and the shared packages, tests included', async () => {
    const code = 'export const first = (list: string[]) => list[0]!;\n';
    for (const file of ['apps/api/src/modules/leads/leads.repository.ts', 'apps/perception/src/analysis/cycle.ts', 'apps/perception/src/stage1.test.ts', 'packages/roi/src/finance.ts']) {
      expect(await nonNullErrors(file, code), file).toHaveLength(1);
    }
    expect(await nonNullErrors('apps/perception/src/analysis/cycle.ts', 'export const first = (list: string[]) => list[0];\n')).toEqual([]);
  }, 60_000);
});
