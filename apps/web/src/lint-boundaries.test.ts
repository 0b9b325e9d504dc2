import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { defined } from '@/test/defined';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of `ruleId` for `code` linted as the file `file` (relative to apps/web/src). */
async function errorsOf(file: string, code: string, ruleId = 'import-x/no-restricted-paths'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  // Type-aware lint parses only files of the TypeScript project: the probes borrow real paths,
  // and a file it could not parse fails here instead of passing with no messages.
  const fatal = defined(result).messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return defined(result)
    .messages.filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

/** `pnpm lint` keeps the web layers (apps/web/README.md); these show it fails when they are crossed. */
describe('web layer boundaries in lint', () => {
  it('refuses a feature importing another feature, by a relative path or the @ alias', async () => {
    const relative = "import { useProjects } from '../../projects/api/projects';\nexport const x = useProjects;\n";
    expect(await errorsOf('features/catalog/utils/compare.ts', relative)).toEqual([expect.stringMatching(/A feature does not import another feature/)]);
    const aliased = "import { useProjects } from '@/features/projects/api/projects';\nexport const x = useProjects;\n";
    expect(await errorsOf('features/catalog/components/catalog-page.tsx', aliased)).toHaveLength(1);
    // The first lint builds the TypeScript program: a minute on a loaded machine.
  }, 180_000);

  it('lets a feature import its own files and the shared layers', async () => {
    const code = [
      "import { Button } from '@/components/ui/button';",
      "import { api } from '@/lib/api-client';",
      "import { useRobots } from '../api/get-robots';",
      "import { CompareTray } from './compare-tray';",
      'export const x = [Button, api, useRobots, CompareTray];',
      '',
    ].join('\n');
    expect(await errorsOf('features/catalog/components/catalog-page.tsx', code)).toEqual([]);
  }, 30_000);

  it('refuses features and portals in components/ and lib/, and portals in features', async () => {
    const feature = "import { ChatWidget } from '@/features/chat/lazy';\nexport const x = ChatWidget;\n";
    expect(await errorsOf('components/layout/header.tsx', feature)).toEqual([expect.stringMatching(/components\/ and lib\//)]);
    const portal = "import { IntegratorDashboard } from '@/portals/integrator/integrator-dashboard';\nexport const x = IntegratorDashboard;\n";
    expect(await errorsOf('lib/cn.ts', portal)).toHaveLength(1);
    expect(await errorsOf('features/analysis/api/get-analyses.ts', portal)).toEqual([expect.stringMatching(/Features do not import portals/)]);
  }, 30_000);

  it('lets a portal compose features', async () => {
    const code = "import { ProjectsTab } from '@/features/projects/components/projects-tab';\nexport const x = ProjectsTab;\n";
    expect(await errorsOf('portals/integrator/integrator-dashboard.tsx', code)).toEqual([]);
  }, 30_000);

  it('refuses non-null assertions', async () => {
    const code = 'export const first = (list: string[]) => list[0]!;\n';
    expect(await errorsOf('lib/cn.ts', code, '@typescript-eslint/no-non-null-assertion')).toHaveLength(1);
  }, 30_000);

  it('refuses import cycles', async () => {
    // catalog-page imports search-box; search-box importing the page back closes a cycle.
    const cycle = "import { CatalogPage } from './catalog-page';\nexport const x = CatalogPage;\n";
    expect(await errorsOf('features/catalog/components/search-box.tsx', cycle, 'import-x/no-cycle')).toHaveLength(1);
    const fine = "import { SearchBox } from './search-box';\nexport const x = SearchBox;\n";
    expect(await errorsOf('features/catalog/components/catalog-page.tsx', fine, 'import-x/no-cycle')).toEqual([]);
  }, 30_000);
});
