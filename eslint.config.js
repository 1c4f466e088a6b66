import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Import boundaries (docs/decisions/001-project-layout.md): shared imports neither side,
// web and server never import each other.
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => ({ group, message: 'Crosses a layer boundary.' })) },
  ],
});

// Web features never import each other: a route module (src/web/app) composes them
// (bulletproof-react's rule). Shared UI and lib never import a feature.
const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in a route (src/web/app).',
  })),
  {
    target: ['./src/web/lib', './src/web/components', './src/web/api'],
    from: './src/web/features',
    message: 'Shared web code does not depend on a feature.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'The app composes features, never the other way: pass what a feature needs in.',
  },
];

// The server's layers (docs/architecture.md): the domain (services, caches, rules in
// src/server/modules, and db/) knows nothing of HTTP or page rendering. Only a module's thin
// *.routes.ts file (and its tests) is the edge and may use src/server/http. ssr/ renders pages
// from the domain and uses http/'s helpers; http/ never reaches into ssr/ except static-spa.ts,
// which mounts the pages.
const serverZones = [
  {
    target: './src/server/modules/**/!(*.routes|*.test).ts',
    from: ['./src/server/http', './src/server/ssr'],
    message: 'The domain does not import the HTTP edge or server rendering: take plain values.',
  },
  {
    target: './src/server/db/*.ts',
    from: ['./src/server/http', './src/server/ssr', './src/server/modules'],
    message: 'db/ is the lowest layer of the server (its seed/ excepted, which uses services).',
  },
];

/**
 * The server's modules in tiers (ADR 044): a module imports from its own tier or a lower one,
 * never a higher one (platform <- catalogue <- orders <- after-sale). A new module must be placed.
 */
const MODULE_TIERS = {
  platform: [
    'addresses',
    'api-docs',
    'audit',
    'auth',
    'contact',
    'csv',
    'idempotency',
    'images',
    'lifecycle',
    'mail',
    'notifications',
    'outbox',
    'rate-limit',
    'system',
    'tax-exemptions',
    'users',
    'vitals',
    'webhooks',
  ],
  catalogue: [
    'back-in-stock',
    'catalog',
    'categories',
    'companies',
    'invoices',
    'price-lists',
    'pricing',
    'product-import',
    'promotions',
    'reviews',
    'shipping-settings',
    'stock',
  ],
  orders: [
    'admin-overview',
    'approvals',
    'basket',
    'checkout',
    'exports',
    'payments',
    'purchases',
    'quick-order',
    'quotes',
    'saved-lists',
    'tax-providers',
  ],
  'after-sale': ['aftersale'],
};
const serverModules = readdirSync('src/server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = serverModules.filter(
  (name) => !Object.values(MODULE_TIERS).some((tier) => tier.includes(name)),
);
if (unplaced.length > 0)
  throw new Error(`eslint.config.js: put ${unplaced.join(', ')} in a tier of MODULE_TIERS`);
const sourcesOf = (name) => `./src/server/modules/${name}/**/!(*.test).ts`;
const tiers = Object.values(MODULE_TIERS);
const moduleZones = [
  // Each module's face: other parts use what its index.ts exports, never a file behind it (tests
  // and the test set-ups may reach further).
  ...serverModules.map((name) => ({
    target: [
      ...serverModules.filter((other) => other !== name).map(sourcesOf),
      './src/server/*.ts',
      './src/server/{backup,cli,db,http,jobs,metrics,ssr}/**/!(*.test).ts',
    ],
    from: `./src/server/modules/${name}`,
    except: ['./index.ts'],
    message: `Use modules/${name} through its face, modules/${name}/index.ts.`,
  })),
  ...tiers.slice(0, -1).map((tier, level) => ({
    target: tier.map(sourcesOf),
    from: tiers
      .slice(level + 1)
      .flat()
      .map((name) => `./src/server/modules/${name}`),
    message: 'A module imports from its own tier or a lower one (MODULE_TIERS, ADR 044).',
  })),
  // Each module reads its own slice of the configuration (ADR 046): only the composition root
  // (app.ts, services.ts, main.ts), the CLI and the tests see the whole AppConfig.
  {
    target: [
      './src/server/modules/**/!(*.test).ts',
      './src/server/{backup,db,http,jobs,metrics,ssr}/**/!(*.test).ts',
    ],
    from: './src/server/config.ts',
    message:
      'A module declares the slice of the configuration it reads (its own type and `<module>ConfigOf`) and gets it as `config`; it does not import config.ts (ADR 046).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'drizzle/',
      'test-results/',
      'playwright-report/',
      'node_modules/',
      // Deliberate violations, linted only by the test that proves the rules fire.
      'src/lint-fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Types for the rules that need them: each file's nearest tsconfig.json (src/web, e2e and
      // scripts have their own), read once by TypeScript's project service.
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'playwright.config.ts'],
          defaultProject: 'e2e/tsconfig.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      // A promise nobody awaits loses its error: await it, catch it, or mark a deliberate
      // fire-and-forget with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union names every member, so a new status or kind cannot slip through.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(['**/server/**']) },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, ...serverZones, ...moduleZones] },
      ],
    },
  },
  { files: ['src/server/**/*.ts'], rules: forbid(['**/web/**']) },
  { files: ['src/shared/**/*.ts'], rules: forbid(['**/web/**', '**/server/**']) },
  { files: ['scripts/**', 'e2e/**', 'src/server/cli/**'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/**/testing/**', 'src/web/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
