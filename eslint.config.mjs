// ESLint (flat config): JavaScript and typescript-eslint recommended rules; formatting is Prettier's.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', '.serverless/', '.esbuild/', '.local/', 'coverage/', 'bench/.build/'] },
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
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Layers as rules: handler → domain → (db | storage | mail) → leaf modules. Each layer
  // may import only what is below it (ARCHITECTURE.md); CI fails on a wrong-way import.
  ...layer(
    'functions/**/*.ts',
    ['**/lib/db/**', '**/lib/storage/**', '**/lib/mail/**'],
    'handlers call the domain, never the database, S3 or SES',
  ),
  ...layer(
    'lib/domain/**/*.ts',
    ['../http/**', '../web-app/**', '**/functions/**'],
    'the domain speaks in domain errors (lib/contract/errors.ts), never HTTP',
  ),
  ...layer(
    'lib/auth/**/*.ts',
    ['../http/**', '../web-app/**', '../domain/**', '**/functions/**'],
    'accounts and tokens are below the edge',
  ),
  ...layer(
    'lib/db/**/*.ts',
    ['../http/**', '../domain/**', '../auth/**', '../storage/**', '../mail/**', '../web-app/**', '../openapi/**', '**/functions/**'],
    'the database layer imports nothing above it',
  ),
  ...layer(
    'lib/{storage,mail}/**/*.ts',
    ['../http/**', '../domain/**', '../auth/**', '../db/**', '../web-app/**', '../openapi/**', '**/functions/**'],
    'S3 and SES modules import only leaf modules',
  ),
  ...layer(
    'lib/*.ts',
    ['./http/**', './domain/**', './auth/**', './db/**', './storage/**', './mail/**', './web-app/**', './openapi/**', '**/functions/**'],
    'the route table imports only the leaf modules',
  ),
  ...layer(
    'lib/{platform,contract}/**/*.ts',
    [
      '../http/**',
      '../domain/**',
      '../auth/**',
      '../db/**',
      '../storage/**',
      '../mail/**',
      '../web-app/**',
      '../openapi/**',
      '**/functions/**',
    ],
    'leaf modules (the platform: config, clock, log, …; the contract vocabulary: messages, errors, roles, …) import no layer',
  ),
  // Above lib/db and lib/auth a person is a Caller: the stored account (with its password hash) stays below.
  {
    files: ['functions/**/*.ts', 'lib/{http,domain,web-app,openapi,pages}/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='UserRecord']",
          message: 'Above lib/db and lib/auth the acting person is a Caller (lib/contract/caller.ts), never the stored UserRecord.',
        },
      ],
    },
  },
  // Every DynamoDB command is built in lib/db's few primitives (client, helpers, transact);
  // the rest of the service reads and writes through them or an entity (lib/db/entity.ts).
  // The S3 and SES packages are imported only dynamically, by lib/storage/s3.ts and lib/mail/ses.ts.
  {
    files: ['lib/**/*.ts', 'functions/**/*.ts'],
    ignores: ['lib/db/client.ts', 'lib/db/helpers.ts', 'lib/db/transact.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'].map((name) => ({
              name,
              allowTypeImports: true,
              message: 'DynamoDB commands are built only in lib/db/helpers.ts and lib/db/transact.ts: use their primitives or an entity.',
            })),
            // loaded on first use, not at every cold start (docs/decisions.md, "The S3 and SES SDKs load on first use")
            ...['@aws-sdk/client-s3', '@aws-sdk/client-ses', '@aws-sdk/s3-request-presigner'].map((name) => ({
              name,
              allowTypeImports: true,
              message:
                'S3 and SES load on first use: `const { client, sdk } = await s3()` (lib/storage/s3.ts) or `await ses()` (lib/mail/ses.ts).',
            })),
          ],
        },
      ],
    },
  },
  prettier,
);

/** A `no-restricted-imports` rule for the files of one layer. */
function layer(files, forbidden, why) {
  return [
    { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: `Layer rule: ${why}.` }] }] } },
  ];
}
