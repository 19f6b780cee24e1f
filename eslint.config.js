// Lint rules for the whole repository: ESLint's and typescript-eslint's recommended sets, nothing exotic.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-demos/',
      'e2e/artifacts/',
      'e2e/report/',
      'e2e/baselines/',
      'docs/api/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        console: 'readonly',
        process: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A tree walk without recursion starts its cursor at `this`: `for (let node = this; node; …)`.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['node'] }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
);
