// Lint for the TypeScript sources (typescript-eslint recommended, not type-aware so it stays fast),
// plus the rule that keeps Temporal workflow code deterministic: no Node built-ins, no I/O packages,
// no timers/fetch/process globals, and activities imported as types only (proxyActivities does the rest),
// plus the layer rules (README "Layout"): which folder of src/ may import which. test/unit/lint/layers.test.ts
// plants a violation of each arrow and checks that lint reports it.
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

// The layers, top down: main -> api / cli / activities (entry) -> services -> policies / repositories /
// storage / embeddings / web / connectors / extract / temporal (lower) -> db / config / errors (base). An import may
// point down, never up; the entry layers reach the database only through services (type imports of row
// types, Db and Tx stay allowed). Each folder below matches exactly one block of layerRules.
const relative = (targets) => `^(?:\\./|(?:\\.\\./)+)(?:${targets.join('|')})(?:/|$)`;
const entryDirs = ['api', 'cli', 'activities'];
const lowerDirs = [
  'policies',
  'db/repositories',
  'storage',
  'embeddings',
  'web',
  'extract',
  'temporal',
  'embedded',
  'connectors',
];

const forbid = (targets, message, { types = false } = {}) => ({
  regex: relative(targets),
  message,
  ...(types ? { allowTypeImports: true } : {}),
});
const noMain = forbid(['main'], 'src/main wires the process together; nothing imports it.');
const noEntry = forbid(entryDirs, 'The entry layers (api, cli, activities) call services; nothing below imports them.');
const noServices = forbid(['services'], 'Services sit above this layer: pass what is needed in as an argument.');
const noRepositoriesFromEntry = forbid(
  ['db/repositories', 'db/knex'],
  'Entry layers (api, cli, activities) call services, not repositories or knex (`import type` of rows, Db and Tx is fine).',
  { types: true },
);
const sideways = (dir) =>
  forbid(
    entryDirs.filter((other) => other !== dir),
    `src/${dir} is an entry layer beside the others: what two entry layers share belongs below them (services, presenters).`,
  );
const knexPackage = {
  name: 'knex',
  allowTypeImports: true,
  message: 'Entry layers (api, cli, activities) call services, not knex (`import type` is fine).',
};

const layerImports = (paths, patterns) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
});

const layerRules = [
  // The entry layers sit side by side: none imports another (what two of them share lives below them).
  ...entryDirs.map((dir) => ({
    name: `layers/entry-${dir}`,
    files: [`src/${dir}/**/*.ts`],
    ignores: ['src/cli/connect.ts'],
    rules: layerImports([knexPackage], [noMain, noRepositoriesFromEntry, sideways(dir)]),
  })),
  {
    // The CLI's connection wiring opens the database itself, like src/main.
    name: 'layers/entry-connection-wiring',
    files: ['src/cli/connect.ts'],
    rules: layerImports(
      [],
      [
        noMain,
        sideways('cli'),
        forbid(['db/repositories'], noRepositoriesFromEntry.message, {
          types: true,
        }),
      ],
    ),
  },
  {
    // What two entry layers present alike (webhook rows as JSON for the API and the CLI): below them, above services.
    name: 'layers/presenters',
    files: ['src/presenters/**/*.ts'],
    rules: layerImports([], [noMain, noEntry]),
  },
  {
    name: 'layers/services',
    files: ['src/services/**/*.ts'],
    rules: {
      ...layerImports(
        [],
        [noMain, noEntry, forbid(['presenters'], "Services return rows; presenting them is the callers' work.")],
      ),
      // Only repositories build queries: a service may open db.transaction(trx => ...) and hand trx down.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='Identifier'][callee.name=/^(db|trx|tx|knex)$/]",
          message: 'Services do not build queries: call a repository (src/db/repositories) with db or trx.',
        },
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(db|trx|tx|knex)$/]",
          message: 'Services do not build queries: call a repository (src/db/repositories) with db or trx.',
        },
        {
          // The query builder's other ways in: db.select(...), trx.from(...), deps.db.schema, db.fn.now().
          selector:
            'MemberExpression:matches([object.name=/^(db|trx|tx|knex)$/], [object.property.name=/^(db|trx|tx|knex)$/])' +
            '[property.name=/^(select|from|into|insert|update|del|delete|with|withRecursive|queryBuilder|schema|fn|ref)$/]',
          message: 'Services do not build queries: call a repository (src/db/repositories) with db or trx.',
        },
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='raw']",
          message: 'Services do not write SQL: move the .raw() query into a repository.',
        },
      ],
    },
  },
  {
    name: 'layers/policies',
    files: ['src/policies/**/*.ts'],
    rules: layerImports([], [noMain, noEntry, noServices]),
  },
  {
    name: 'layers/repositories',
    files: ['src/db/repositories/**/*.ts'],
    rules: layerImports(
      [],
      [
        noMain,
        forbid(entryDirs, noEntry.message, { types: true }),
        forbid(['services'], noServices.message, { types: true }),
        forbid(['policies'], 'Repositories run the queries a service asks for; the policies decide.', { types: true }),
      ],
    ),
  },
  {
    // The worker factory names the activities by their contract (src/workflows/activityContract.ts).
    name: 'layers/lower',
    files: [
      'src/storage/**/*.ts',
      'src/embeddings/**/*.ts',
      'src/web/**/*.ts',
      'src/connectors/**/*.ts',
      'src/extract/**/*.ts',
      'src/temporal/**/*.ts',
      'src/embedded/**/*.ts',
      'src/observability/**/*.ts',
    ],
    rules: layerImports(
      [],
      [
        noMain,
        noEntry,
        noServices,
        forbid(['policies', 'db/repositories'], 'This layer sits beside policies and repositories, not above them.'),
      ],
    ),
  },
  {
    name: 'layers/base',
    files: ['src/*.ts', 'src/db/*.ts', 'src/db/migrations/**/*.ts', 'src/domain/**/*.ts'],
    rules: layerImports(
      [],
      [
        noMain,
        noEntry,
        noServices,
        // From src/db/*.ts the repositories are ./repositories.
        forbid([...lowerDirs, 'repositories'], 'db, config and errors are the base: they import nothing above them.'),
      ],
    ),
  },
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.tools/',
      '.test-run/',
      '.bench-run/',
      'data/',
      'bench/results/',
      'coverage/',
      'packages/client/dist/',
      // generated from openapi.json by npm run openapi
      'packages/client/src/schema.ts',
    ],
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
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/*.ts', 'packages/*/src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layerRules,
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
              // Activities are called through proxyActivities<Activities>() with the contract in
              // ./activityContract; the implementations are a layer above, not even their types come down.
              group: ['**/activities', '**/activities/**'],
              message: 'Name activities through ./activityContract (Activities) and call them through proxyActivities.',
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
