import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * API module boundaries (apps/api/src/modules/<name>): another module is imported only
 * through its index.ts, never its files; database tables are imported only by
 * repositories (type-only imports, e.g. for $inferSelect, are fine). One block per
 * folder depth, since a relative path says where it leaves the module only with its depth.
 */
/** TypeScript that runs on Node: the API, perception and the shared packages. */
const typedFiles = ['apps/api/src/**/*.ts', 'apps/perception/src/**/*.ts', 'packages/*/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'];

const apiTables = ['users', 'rateLimits', 'passwordResets', 'integratorProfiles', 'robots', 'robotChanges', 'offers', 'robotOfferSummaries', 'projects', 'leads', 'leadMessages', 'quoteRequests', 'robotViews', 'offerViews', 'betaSignups', 'contactMessages', 'analysisJobs', 'bulkUploads', 'apiKeys'];
const intoAnotherModule = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/.+`,
  message: 'Import another API module through its index.ts (../<module>), not its files.',
});
const tablesOnlyInRepositories = {
  name: '@cellforge/db',
  importNames: apiTables,
  allowTypeImports: true,
  message: 'Only repositories (*.repository.ts) query tables: call the owning module instead.',
};
/**
 * One module owns each table; the robots tables belong to the catalog module (modules/catalog),
 * and so do the supplier offers on its models and their summaries (migration 0010).
 */
const catalogTablesOnlyInCatalog = {
  name: '@cellforge/db',
  importNames: ['robots', 'robotChanges', 'robotViews', 'offers', 'robotOfferSummaries', 'offerViews'],
  allowTypeImports: true,
  message: 'The catalog module owns the robots tables: call it through ../catalog instead of querying them.',
};
const apiBoundaries = [1, 2, 3].flatMap((depth) => {
  const files = [`apps/api/src/modules/${'*/'.repeat(depth)}*.ts`];
  const repositories = files.map((f) => f.replace(/\*\.ts$/, '*.repository.ts'));
  const rule = (paths) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: [intoAnotherModule(depth)], paths }],
  });
  return [
    { files, ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.bench.ts', '**/eval/**'], rules: rule([tablesOnlyInRepositories]) },
    { files: repositories, rules: rule([catalogTablesOnlyInCatalog]) },
    { files: repositories.map((f) => f.replace('apps/api/src/modules/*/', 'apps/api/src/modules/catalog/')), rules: rule([]) },
  ];
});

/**
 * Web layers (apps/web/src, see apps/web/README.md): app/ composes portals/ and
 * features/; portals/ (the dashboards) compose features/; a feature (one domain) never
 * imports another feature nor a portal; components/ and lib/ are shared and import
 * neither features nor portals. Checked on resolved paths, so '@/features/x' and
 * '../x' are the same import.
 */
const webSrc = 'apps/web/src';
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./${webSrc}/features/${feature}`,
    from: `./${webSrc}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece to components/ or lib/, or compose both in app/ or portals/.',
  })),
  {
    target: [`./${webSrc}/components`, `./${webSrc}/lib`],
    from: [`./${webSrc}/features`, `./${webSrc}/portals`],
    message: 'components/ and lib/ are shared by every feature: they import no feature and no portal.',
  },
  {
    target: `./${webSrc}/features`,
    from: `./${webSrc}/portals`,
    message: 'Features do not import portals: a portal composes features, not the other way round.',
  },
];
/** No import cycles in the API either (a module importing a module that imports it back). */
const apiNoCycle = {
  files: ['apps/api/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'apps/api/tsconfig.json') })],
    // Without the TypeScript extensions import-x cannot read the imported files, and no-cycle finds nothing.
    'import-x/extensions': ['.ts', '.js'],
  },
  rules: { 'import-x/no-cycle': 'error' },
};

const webBoundaries = {
  files: ['apps/web/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'apps/web/tsconfig.json') })],
    // Without the TypeScript extensions import-x cannot read the imported files, and no-cycle finds nothing.
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    'import-x/no-cycle': 'error',
    '@typescript-eslint/no-non-null-assertion': 'error',
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/drizzle/**', '**/*.mjs', '**/playwright-report/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  // A bench's output is its report.
  { files: ['apps/*/bench/**/*.ts', '**/*.bench.ts'], rules: { 'no-console': 'off' } },
  ...apiBoundaries,
  // Type-aware rules where the code runs on Node (the web app has its own block).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typedFiles })),
  {
    files: typedFiles,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `String(x)` of an unknown cell or error value is what we mean; objects are still caught.
      '@typescript-eslint/no-base-to-string': ['error', { checkUnknown: false }],
      // React event props may be async handlers (react-hook-form's handleSubmit): their promise is handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A `!` hides the invariant it assumes: state it (a check that throws, a helper, or a restructured loop).
    files: [...typedFiles, 'apps/perception/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Tests read supertest and JSON answers, which are `any` by nature.
    files: [...typedFiles.map((f) => f.replace(/\*\.ts$/, '*.test.ts')), 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  { ...reactHooks.configs.flat.recommended, files: ['apps/web/**/*.{ts,tsx}'] },
  webBoundaries,
  apiNoCycle,
);
