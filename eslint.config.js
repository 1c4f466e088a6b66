import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries (docs/decisions/001-project-layout.md): shared imports neither side,
// web and server never import each other.
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => ({ group, message: 'Crosses a layer boundary.' })) },
  ],
});

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', 'drizzle/', 'test-results/', 'playwright-report/', 'node_modules/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
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
  { files: ['src/server/**/*.ts'], rules: forbid(['**/web/**']) },
  { files: ['src/shared/**/*.ts'], rules: forbid(['**/web/**', '**/server/**']) },
  { files: ['scripts/**', 'e2e/**', 'src/server/cli/**'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/**/testing/**', 'src/web/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
