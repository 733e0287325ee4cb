// The error guide, rendered from the catalogue (src/errorCatalogue.ts) in two forms: Markdown for
// docs/reference/errors.md and HTML for the page the service serves at GET /docs/errors (each code an anchor
// there, which an error body's docUrl links to). The guide's prose lives here once, for both.
import { ERROR_CATALOGUE, ERROR_CODES, ERROR_GROUPS, type ErrorCode, type ErrorGroup } from './errorCatalogue';

/** A run of text with `code` spans: Markdown writes it as it is, HTML escapes it and turns the spans into <code>. */
type Text = string;

const INTRO: Text[] = [
  'Every error answers a JSON body with the `error` and `message` the specification fixes, and help beside them. ' +
    'Clients must treat every field but `error` and `message` as optional.',
  'When a request has more than one fault, the first of these is answered: its rate (`rate_limited`), its size ' +
    '(`body_too_large`) and unsafe text in its path, query or headers (`unsafe_text`); then its credential (401), the workspace it ' +
    'addresses and what the credential may do there (403, 404, 410); then the form of its body and query ' +
    '(`malformed_json`, `unsupported_media_type`, `unknown_field` in the query); then each field. A caller ' +
    'without a valid credential hears 401, whatever else is wrong.',
];

const FIELDS: Array<[string, Text]> = [
  [
    'error',
    'The HTTP reason phrase (`"Bad Request"`), or `"Error"` on some space and RAG errors, as the specification fixes.',
  ],
  ['message', 'What went wrong, in the words the specification fixes where it fixes them.'],
  ['code', 'A stable snake_case code for the kind of error: one of those below.'],
  [
    'param',
    'The field (`filter.filters[0].key`, `roleIds[2]`), path parameter (`knowledgeId`, `roleId`) or header ' +
      '(`organizationid`, `Authorization`, `x-api-key`) at fault, when one is; the fields one of which is needed ' +
      '(`customerRoleId, name`); `Request body` for the body as a whole.',
  ],
  ['hint', 'What to do about it, in one line.'],
  ['docUrl', "The code's entry in this guide as the service serves it: `https://<host>/docs/errors#<code>`."],
  ['requestId', "The request's id (also in the `X-Request-Id` header): quote it when reporting a failure."],
];

const EXAMPLE = {
  error: 'Bad Request',
  message: 'Unknown field: mdoe (did you mean mode?)',
  code: 'unknown_field',
  param: 'mdoe',
  hint: 'Rename mdoe to mode; the body takes query, limit, mode, audienceId, roleIds, filter, …',
  docUrl: 'https://kws.example.com/docs/errors#unknown_field',
  requestId: '0f6f6c1e-6f0e-4a51-9a8b-2f4f3c1d9e2a',
};

const REFUSALS_INTRO: Text[] = [
  "Each request below passes its operation's schema in the OpenAPI document, and the service still refuses it: " +
    'the rule depends on stored data, on DNS, or on something else JSON Schema cannot state. Each answers with the ' +
    'code named, the field at fault in `param` and a hint; an outside fuzzer (schemathesis with every check) reports ' +
    'them as "rejected a schema-valid request" and nothing else should be reported.',
];

/** Findings of an outside fuzzer that are not refusals, with why they stay. */
const OTHER_FINDINGS: Array<[string, Text]> = [
  [
    'DELETE /v1/workspaces/{workspaceId}/role/{roleId}',
    'Role deletion is asynchronous (the specification makes it a workflow): the answer is the job, and a GET right ' +
      'after it may still find the role until the job has run; poll `POST …/background-jobs` with the `workflowId`. ' +
      'A fuzzer reads this as use after free.',
  ],
];

const GROUP_ORDER: ErrorGroup[] = ['request', 'credentials', 'resources', 'limits', 'service'];

/** The guide that explains what a code's fix is about: a path under docs/, with its section where one fits. */
const TOKENS_GUIDE = 'guides/roles-and-tokens.md';
const LIMITS = 'reference/limits.md#bounds-per-space-per-end-user-and-per-workspace';
const RATES = 'reference/limits.md#rate-limits';
const EVALUATIONS = 'guides/retrieval-evaluation.md#bounds-and-errors';
export const ERROR_CODE_GUIDES: Partial<Record<ErrorCode, string>> = {
  invalid_filter: 'guides/search.md#attributes-and-filters-attributes-filter',
  malformed_multipart: 'guides/uploads.md#reference',
  unsupported_file_type: 'guides/uploads.md#what-else-to-know',
  file_empty: 'guides/uploads.md#reference',
  token_missing: TOKENS_GUIDE,
  bearer_scheme_missing: TOKENS_GUIDE,
  api_key_as_token: TOKENS_GUIDE,
  token_malformed: TOKENS_GUIDE,
  token_signature_invalid: TOKENS_GUIDE,
  token_expired: TOKENS_GUIDE,
  token_invalid: TOKENS_GUIDE,
  token_revoked: TOKENS_GUIDE,
  token_workspace_mismatch: TOKENS_GUIDE,
  token_role_deleted: TOKENS_GUIDE,
  api_key_missing: TOKENS_GUIDE,
  api_key_invalid: TOKENS_GUIDE,
  api_key_revoked: TOKENS_GUIDE,
  api_key_workspace_mismatch: TOKENS_GUIDE,
  permission_denied: 'concepts/credentials.md',
  rbac_not_active: TOKENS_GUIDE,
  role_token_required: TOKENS_GUIDE,
  role_not_own: TOKENS_GUIDE,
  model_fixed: 'guides/agent-api.md#agent-runs-beyond-the-spec',
  url_host_refused: 'explanation/outbound-requests.md',
  message_not_in_group: 'concepts/spaces.md',
  message_not_in_thread: 'guides/agent-api.md#threads-and-messages',
  source_kind_mismatch: 'guides/sources.md#reference',
  invalid_source_rule: 'guides/source-rules.md#reference',
  item_not_ready: 'guides/chunks.md#reference',
  item_wrong_type: 'guides/chunks.md#reference',
  item_changed: 'guides/chunks.md#reference',
  evaluation_questions_limit: EVALUATIONS,
  evaluation_runs_limit: EVALUATIONS,
  evaluation_query_too_long: EVALUATIONS,
  evaluation_unknown_item: EVALUATIONS,
  evaluation_unknown_run_or_kind: EVALUATIONS,
  evaluation_running_limit: EVALUATIONS,
  evaluation_hourly_budget: EVALUATIONS,
  evaluation_stored_limit: EVALUATIONS,
  body_too_large: LIMITS,
  file_too_large: 'guides/uploads.md#what-else-to-know',
  quota_exceeded: LIMITS,
  rate_limited: RATES,
  rate_limited_end_user: RATES,
  rate_limited_end_users: RATES,
  too_many_concurrent_requests: RATES,
  space_max_messages: LIMITS,
  space_max_message_bytes: LIMITS,
  space_max_messages_bytes: LIMITS,
  space_max_groups: LIMITS,
  workspace_max_spaces: LIMITS,
  role_max_spaces: LIMITS,
  agent_max_threads_per_subject: LIMITS,
  agent_max_bytes_per_subject: LIMITS,
  agent_max_runs_per_subject: LIMITS,
  workspace_max_agent_threads: LIMITS,
  workspace_max_sources: 'guides/sources.md#reference',
};
/** The guide's title for a link: its file name, as the reader finds it under docs/. */
const guideName = (target: string) => `docs/${target.split('#')[0]}`;

const byGroup = (group: ErrorGroup) => ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].group === group);
const refusals = () => ERROR_CODES.filter((c) => ERROR_CATALOGUE[c].schemaValid !== undefined);
const statuses = (code: ErrorCode) => ERROR_CATALOGUE[code].status.join(', ');

// ---- Markdown

const mdCell = (text: string) => text.replace(/\|/g, '\\|');

export function renderErrorGuideMarkdown(): string {
  const lines: string[] = [
    '# Error codes',
    '',
    '<!-- Rendered from src/errorCatalogue.ts by `npm run openapi`; test/api/errors.test.ts keeps it equal. -->',
    '',
    ...INTRO.flatMap((p, i) => (i === 0 ? [p] : ['', p])),
    '',
    '| Field | What it holds |',
    '|---|---|',
    ...FIELDS.map(([name, text]) => `| \`${name}\` | ${mdCell(text)} |`),
    '',
    'For example (a search with a misspelt field):',
    '',
    '```json',
    JSON.stringify(EXAMPLE, null, 2),
    '```',
    '',
    'The service serves this guide at `GET /docs/errors`. Contents: ' +
      [...GROUP_ORDER.map((g) => ERROR_GROUPS[g]), 'Schema-valid requests the service refuses']
        .map((title) => `[${title}](#${anchorOf(title)})`)
        .join(', ') +
      '.',
    '',
  ];
  for (const group of GROUP_ORDER) {
    lines.push(`## ${ERROR_GROUPS[group]}`, '');
    for (const code of byGroup(group)) {
      const entry = ERROR_CATALOGUE[code];
      const guide = ERROR_CODE_GUIDES[code];
      lines.push(`### ${code}`, '', `**${statuses(code)}**: ${entry.summary}`, '', `What to do: ${entry.hint}`, '');
      if (guide) lines.push(`Guide: [${guideName(guide)}](../${guide})`, '');
    }
  }
  lines.push('## Schema-valid requests the service refuses', '', ...REFUSALS_INTRO, '');
  lines.push('| Code | Status | Why no schema can state it |', '|---|---|---|');
  for (const code of refusals()) {
    lines.push(`| [\`${code}\`](#${code}) | ${statuses(code)} | ${mdCell(ERROR_CATALOGUE[code].schemaValid!)} |`);
  }
  lines.push('', 'Other findings of an outside fuzzer that stay, and why:', '');
  for (const [operation, why] of OTHER_FINDINGS) lines.push(`- \`${operation}\`: ${why}`);
  lines.push('');
  return lines.join('\n');
}

/** GitHub's anchor for a heading: lowercase, spaces to hyphens, other punctuation dropped. */
function anchorOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

// ---- HTML

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Escaped text with `code` spans as <code>. */
const html = (text: Text) =>
  escapeHtml(text)
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `<code>${part}</code>` : part))
    .join('');

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
code,pre{font-family:ui-monospace,monospace;background:#f3f4f6;border-radius:4px}code{padding:0 .25em}
pre{padding:.75rem;overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .5rem;
text-align:left;vertical-align:top}h3{margin-bottom:.25rem}:target{background:#fff8c5}.status{color:#57606a}`;

export function renderErrorGuideHtml(): string {
  const parts: string[] = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8" /><title>Error codes · Knowledge Workspace Service</title>',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<style>${STYLE}</style></head>`,
    '<body>',
    '<h1>Error codes</h1>',
    ...INTRO.map((p) => `<p>${html(p)}</p>`),
    '<table><tr><th>Field</th><th>What it holds</th></tr>',
    ...FIELDS.map(([name, text]) => `<tr><td><code>${name}</code></td><td>${html(text)}</td></tr>`),
    '</table>',
    '<p>For example (a search with a misspelt field):</p>',
    `<pre>${escapeHtml(JSON.stringify(EXAMPLE, null, 2))}</pre>`,
    '<p>The API reference is at <a href="../docs">/docs</a>.</p>',
  ];
  for (const group of GROUP_ORDER) {
    parts.push(`<h2 id="${anchorOf(ERROR_GROUPS[group])}">${escapeHtml(ERROR_GROUPS[group])}</h2>`);
    for (const code of byGroup(group)) {
      const entry = ERROR_CATALOGUE[code];
      parts.push(
        `<section id="${code}"><h3><code>${code}</code> <span class="status">${statuses(code)}</span></h3>`,
        `<p>${html(entry.summary)}</p><p>What to do: ${html(entry.hint)}</p>` +
          (ERROR_CODE_GUIDES[code]
            ? `<p>Guide: <code>${escapeHtml(guideName(ERROR_CODE_GUIDES[code]))}</code> in the repository</p>`
            : '') +
          '</section>',
      );
    }
  }
  parts.push(
    '<h2 id="schema-valid-requests-the-service-refuses">Schema-valid requests the service refuses</h2>',
    ...REFUSALS_INTRO.map((p) => `<p>${html(p)}</p>`),
    '<table><tr><th>Code</th><th>Status</th><th>Why no schema can state it</th></tr>',
    ...refusals().map(
      (code) =>
        `<tr><td><a href="#${code}"><code>${code}</code></a></td><td>${statuses(code)}</td>` +
        `<td>${html(ERROR_CATALOGUE[code].schemaValid!)}</td></tr>`,
    ),
    '</table>',
    '<p>Other findings of an outside fuzzer that stay, and why:</p><ul>',
    ...OTHER_FINDINGS.map(([operation, why]) => `<li><code>${escapeHtml(operation)}</code>: ${html(why)}</li>`),
    '</ul>',
    '</body></html>',
    '',
  );
  return parts.join('\n');
}
