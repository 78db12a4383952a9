// ESLint (flat config): JavaScript and typescript-eslint recommended rules; formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '.serverless/', '.esbuild/', '.local/', 'coverage/', 'bench/.build/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', __dirname: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Tests and fixtures read loosely typed JSON bodies.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
