// Lint for the TypeScript sources (typescript-eslint recommended, not type-aware so it stays fast),
// plus the rule that keeps Temporal workflow code deterministic: no Node built-ins, no I/O packages,
// no timers/fetch/process globals, and activities imported as types only (proxyActivities does the rest).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

// Packages that do I/O or read the environment: they belong to activities, services and entry points.
const ioPackages = [
  'knex',
  'pg',
  'pgvector',
  'koa',
  'busboy',
  'pino',
  'jose',
  'selfsigned',
  's3rver',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  '@temporalio/testing',
];

const workflowMessage = 'Workflow code must be deterministic: no Node built-ins or I/O here; call an activity instead.';

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', '.tools/', '.test-run/', '.bench-run/', 'data/', 'bench/results/', 'coverage/'],
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, ...ioPackages].map((name) => ({ name, message: workflowMessage })),
          patterns: [
            { group: ['node:*', 'node:*/**'], message: workflowMessage },
            { group: ['@aws-sdk/*', '@koa/*', '@electric-sql/*'], message: workflowMessage },
            {
              // Activities are called through proxyActivities<Activities>(); a value import would pull
              // their I/O dependencies into the workflow bundle.
              group: ['**/activities', '**/activities/**'],
              allowTypeImports: true,
              message:
                'Import activities into workflows with `import type` only and call them through proxyActivities.',
            },
            {
              // The layers below the workflows do I/O (database, storage, HTTP, environment): types only.
              group: [
                '**/api',
                '**/api/**',
                '**/cli',
                '**/cli/**',
                '**/config',
                '**/db',
                '**/db/**',
                '**/embedded',
                '**/embedded/**',
                '**/embeddings',
                '**/embeddings/**',
                '**/extract',
                '**/extract/**',
                '**/main',
                '**/main/**',
                '**/services',
                '**/services/**',
                '**/storage',
                '**/storage/**',
              ],
              allowTypeImports: true,
              message: workflowMessage,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate'].map(
          (name) => ({ name, message: 'Use sleep() or condition() from @temporalio/workflow (durable timers).' }),
        ),
        ...['fetch', 'process', 'Buffer', 'require', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: workflowMessage,
        })),
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
    },
  },
);
