// ESLint (typescript-eslint, type-aware) for the service, its tests, scripts and the web page.
// Formatting is Prettier's (.prettierrc.json); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'data/', 'coverage/', 'bench/data/', 'bench/results/', 'web/src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      // `const { id: _id, ...rest } = row` drops a field; a leading _ says "unused on purpose".
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Driver values and row values are `unknown` (`{}` once null is ruled out) by type, but strings,
    // numbers or Dates in fact: String() there is the conversion meant. Elsewhere objects are checked.
    files: ['src/queries/values.ts', 'src/export/columns.ts', 'test/export.test.ts', 'test/support/expected.ts'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // supertest types every response body as any; the tests assert its shape with chai, and
      // typing each body would restate the contract's schemas in every test.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Koa types next() as Promise<any>: `return next()`, Koa's own idiom, would be flagged in
    // every middleware. What a handler returns is never read (the body is set on ctx).
    files: ['src/http/**/*.ts', 'src/routes/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-return': 'off' },
  },
  {
    // Benchmarks reach into knex's any-typed client and drivers' raw rows on purpose (raw
    // connections for bulk loads, plans as the driver returns them) and print whatever they read.
    files: ['bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // knex types `knex.client` as any. Migrations are frozen history: they are not edited for style.
    files: ['migrations/**/*.ts', 'seeds/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Swagger UI's start-up script runs in the browser, beside the bundle that defines SwaggerUIBundle.
    files: ['src/routes/docs-static/*.js'],
    languageOptions: { globals: { ...globals.browser, SwaggerUIBundle: 'readonly' } },
  },
  { files: ['**/*.{js,cjs,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // CommonJS by necessity (mocha loads reporters with require()).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
