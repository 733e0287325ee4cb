// Lint for the TypeScript sources (typescript-eslint recommended, not type-aware so it stays fast),
// plus the rule that keeps Temporal workflow code deterministic: no Node built-ins, no I/O packages,
// no timers/fetch/process globals, and activities imported as types only (proxyActivities does the rest),
// plus the layer rules (README "Layout"): which folder of src/ may import which. test/unit/lint/layers.test.ts
// plants a violation of each arrow and checks that lint reports it. Two more rules hold two doors (Security III):
// every outbound request goes through src/web (fetch, node:http(s), net, tls and undici are refused elsewhere, but
// by the listeners that serve), and who may do what is decided in src/policies (credential-kind checks such as
// `auth.kind === 'userSpace'` are refused elsewhere). test/unit/lint/layers.test.ts plants a violation of each.
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

// ---- the one door out (src/web/fetch.ts)
const doorMessage =
  'Outbound requests go through the one door out (src/web: fetchResource, openRequest, outboundAgents), under its address rules.';
// The modules that open connections; `import type` stays allowed, and node:http's STATUS_CODES (a table).
const doorModules = ['http', 'https', 'http2', 'net', 'tls', 'dgram'].flatMap((m) => [m, `node:${m}`]);
const doorPaths = [
  ...doorModules.map((name) => ({
    name,
    message: doorMessage,
    allowTypeImports: true,
    ...(/(^|:)http$/.test(name) ? { allowImportNames: ['STATUS_CODES'] } : {}),
  })),
  { name: 'undici', message: doorMessage, allowTypeImports: true },
];
const doorPatterns = [
  { group: ['undici/*'], message: doorMessage, allowTypeImports: true },
  {
    // The empty list of own components turns their rule off: for the door's own tests and its one own read.
    group: ['**/web/ownComponents'],
    importNames: ['NO_OWN_COMPONENTS'],
    message: "Pass the process's own components (deps.ownComponents), never NO_OWN_COMPONENTS, outside src/web.",
  },
];
// (esquery's regular expressions cannot hold a slash: undici and its subpaths by prefix.)
const doorModuleRegex = `^(node:)?(${['http', 'https', 'http2', 'net', 'tls', 'dgram'].join('|')})$|^undici`;
/** require('node:http') and import('node:https'): the same modules, loaded the other ways. */
const doorSyntax = [
  { selector: `CallExpression[callee.name='require'][arguments.0.value=/${doorModuleRegex}/]`, message: doorMessage },
  { selector: `ImportExpression[source.value=/${doorModuleRegex}/]`, message: doorMessage },
];
const doorGlobals = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
  name,
  message: doorMessage,
}));
const doorProperties = ['globalThis', 'global', 'self', 'window'].map((object) => ({
  object,
  property: 'fetch',
  message: doorMessage,
}));
/** The files that serve (a listener needs node:http or net), and src/web itself. */
const doorOpen = [
  'src/web/**/*.ts',
  'src/embedded/**/*.ts',
  'src/main/httpServer.ts',
  'src/observability/metricsServer.ts',
  'src/ports.ts',
];

// ---- who may do what: src/policies
const policyMessage =
  "Who may do what is decided in src/policies: ask a policy (authorize(), a scope or predicate there) instead of reading the credential's kind.";
const kindValues = '/^(apiKey|workspace|role|userSpace)$/';
const kindSyntax = [
  {
    selector: "MemberExpression[property.name='kind'][object.name=/^(auth|caller|actor|credential|principal)$/]",
    message: policyMessage,
  },
  { selector: "MemberExpression[property.name='kind'][object.property.name='auth']", message: policyMessage },
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [
      `BinaryExpression[operator=/^[!=]==?$/][${side}.name='kind'][${other}.value=${kindValues}]`,
      `BinaryExpression[operator=/^[!=]==?$/][${side}.property.name='kind'][${other}.value=${kindValues}]`,
    ].map((selector) => ({ selector, message: policyMessage }));
  }),
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='tokenType']",
    message: policyMessage,
  },
];
/** Where a token's type is read to sign, verify or authenticate it (not to decide what it may do). */
const tokenTypeReaders = ['src/services/access/tokens.ts', 'src/api/middleware/authenticate.ts'];

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
/** Below the services only repositories (and the knex factory) touch the database. */
const knexBelow = (who) => ({
  name: 'knex',
  message: `${who} do not query the database: a service asks a repository and passes the result in.`,
});
const noDatabase = (who, { types = false } = {}) =>
  forbid(
    ['db/repositories', 'db/knex'],
    `${who} do not query the database: a service asks a repository and passes the result in.`,
    {
      types,
    },
  );

/** A layer's import rule: its arrows, and (unless the files serve or are the door) the door's modules. */
const layerImports = (paths, patterns, { door = true } = {}) => ({
  'no-restricted-imports': 'off',
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { paths: [...paths, ...(door ? doorPaths : [])], patterns: [...patterns, ...(door ? doorPatterns : [])] },
  ],
});

const connection = '/^(db|trx|tx|knex)$/';
const queryMessage = 'Services do not build queries: call a repository (src/db/repositories) with db or trx.';
const aliasMessage =
  'Pass the connection on as db or trx (to a repository or db.transaction); another name for it hides queries from lint.';
const queryRules = [
  {
    selector: "CallExpression[callee.type='Identifier'][callee.name=/^(db|trx|tx|knex)$/]",
    message: queryMessage,
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(db|trx|tx|knex)$/]",
    message: queryMessage,
  },
  {
    // The query builder's other ways in: db.select(...), trx.from(...), deps.db.schema, db.fn.now().
    selector:
      'MemberExpression:matches([object.name=/^(db|trx|tx|knex)$/], [object.property.name=/^(db|trx|tx|knex)$/])' +
      '[property.name=/^(select|from|into|insert|update|del|delete|with|withRecursive|queryBuilder|schema|fn|ref|table|first|where|count|join|modify|union|column|distinct|truncate|upsert|onConflict)$/]',
    message: queryMessage,
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='raw']",
    message: 'Services do not write SQL: move the .raw() query into a repository.',
  },
  // The connection under another name (const q = db; q('x')): db, trx, tx and knex are the only names it takes.
  {
    selector: `VariableDeclarator[id.type='Identifier'][id.name!=${connection}]:matches([init.name=${connection}], [init.property.name=${connection}])`,
    message: aliasMessage,
  },
  {
    selector: `AssignmentExpression[left.type='Identifier'][left.name!=${connection}]:matches([right.name=${connection}], [right.property.name=${connection}])`,
    message: aliasMessage,
  },
  {
    // db.transaction(async (t) => ...): the transaction is trx (or tx) too.
    selector: `CallExpression[callee.property.name='transaction'] > :function > Identifier.params[name!=${connection}]`,
    message: aliasMessage,
  },
  {
    selector: `ObjectPattern > Property[key.name=${connection}][value.type='Identifier'][value.name!=${connection}]`,
    message: aliasMessage,
  },
];

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
    // A presenter turns the rows it is given into JSON (row types come from db/rows); it reads nothing itself.
    rules: layerImports([knexBelow('Presenters')], [noMain, noEntry, noDatabase('Presenters')]),
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
      'no-restricted-syntax': ['error', ...doorSyntax, ...kindSyntax, ...queryRules],
    },
  },
  {
    name: 'layers/policies',
    files: ['src/policies/**/*.ts'],
    // Policies decide on the facts they are given, typed in src/domain or db/rows: not even a repository's types.
    rules: layerImports([knexBelow('Policies')], [noMain, noEntry, noServices, noDatabase('Policies')]),
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
  ...[true, false].map((door) => ({
    // The worker factory names the activities by their contract (src/workflows/activityContract.ts).
    name: door ? 'layers/lower' : 'layers/lower-door-open',
    files: [
      'src/storage/**/*.ts',
      'src/embeddings/**/*.ts',
      'src/web/**/*.ts',
      'src/connectors/**/*.ts',
      'src/extract/**/*.ts',
      'src/temporal/**/*.ts',
      'src/embedded/**/*.ts',
      'src/observability/**/*.ts',
    ].filter((glob) => (door ? true : doorOpen.includes(glob))),
    ...(door ? { ignores: doorOpen } : {}),
    rules: layerImports(
      [knexBelow('Storage, embeddings, the door, connectors, extractors and the Temporal client')],
      [
        noMain,
        noEntry,
        noServices,
        forbid(
          ['policies', 'db/repositories', 'db/knex'],
          'This layer sits beside policies and repositories, not above them.',
        ),
      ],
      { door },
    ),
  })),
  {
    name: 'layers/lower-listener',
    files: ['src/observability/metricsServer.ts'],
    rules: layerImports(
      [knexBelow('The metrics listener')],
      [
        noMain,
        noEntry,
        noServices,
        forbid(
          ['policies', 'db/repositories', 'db/knex'],
          'This layer sits beside policies and repositories, not above them.',
        ),
      ],
      { door: false },
    ),
  },
  {
    name: 'layers/base',
    files: ['src/*.ts', 'src/db/*.ts', 'src/db/migrations/**/*.ts', 'src/domain/**/*.ts'],
    ignores: ['src/ports.ts'],
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

/**
 * The two doors over every source file (the layer blocks after these repeat the door's imports in their own
 * import rule, which replaces this one for their files).
 */
const doorRules = [
  {
    name: 'door/everywhere',
    files: ['src/**/*.ts'],
    ignores: doorOpen,
    rules: {
      'no-restricted-globals': ['error', ...doorGlobals],
      'no-restricted-properties': ['error', ...doorProperties],
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: doorPaths, patterns: doorPatterns }],
    },
  },
  {
    name: 'door+policies/syntax',
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...doorSyntax, ...kindSyntax] },
  },
  { name: 'door-open/syntax', files: doorOpen, rules: { 'no-restricted-syntax': ['error', ...kindSyntax] } },
  {
    name: 'policies/syntax',
    files: ['src/policies/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...doorSyntax] },
  },
];

/** After the layer blocks (their syntax rule would replace it): the token type's readers may compare it. */
const tokenReaderRules = tokenTypeReaders.map((file) => ({
  name: `policies/token-reader:${file}`,
  files: [file],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...doorSyntax,
      ...kindSyntax.slice(0, -1),
      ...(file.startsWith('src/services/') ? queryRules : []),
    ],
  },
}));

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
  ...doorRules,
  ...layerRules,
  ...tokenReaderRules,
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
