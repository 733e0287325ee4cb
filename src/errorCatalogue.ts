// The catalogue of error codes: every `code` an error body can carry, what it means and what to do about it.
// The API's errors take their code from here (src/errors.ts), the service serves it as a page (GET /docs/errors,
// each code an anchor that an error's `docUrl` links to), and docs/reference/errors.md is rendered from it
// (`npm run openapi` writes the file; test/api/errors.test.ts keeps the two equal).

export type ErrorGroup = 'request' | 'credentials' | 'resources' | 'limits' | 'service';

export interface ErrorCodeEntry {
  group: ErrorGroup;
  /** The statuses this code comes with. */
  status: readonly number[];
  /** What happened, in one line. */
  summary: string;
  /** What to do, in one line (an error may carry a more precise hint of its own). */
  hint: string;
  /**
   * For a refusal of a request its operation's schema allows: why no schema can state the rule (listed in the
   * guide's "Schema-valid requests the service refuses").
   */
  schemaValid?: string;
}

export const ERROR_GROUPS: Record<ErrorGroup, string> = {
  request: 'The request itself',
  credentials: 'Credentials and headers',
  resources: 'Resources and their state',
  limits: 'Sizes and rates',
  service: 'The service',
};

const entries = {
  // ---- the request itself
  invalid_request: {
    group: 'request',
    status: [400],
    summary: 'The request is not one the operation accepts.',
    hint: "Compare the request with the operation's schema in the API reference (/docs).",
  },
  missing_field: {
    group: 'request',
    status: [400],
    summary: 'A required field is missing (or blank); `param` names it.',
    hint: 'Send the field named in param; the operation lists its required fields in /docs.',
  },
  unknown_field: {
    group: 'request',
    status: [400],
    summary:
      'The body or the query string holds a field the operation does not list; `param` names it, with a suggestion ' +
      'when one is close.',
    hint: 'Remove the field or correct its spelling; the operation lists the fields it accepts in /docs.',
  },
  invalid_field: {
    group: 'request',
    status: [400],
    summary:
      'A field has a value the operation does not take (a format, a bound, or one of a fixed list of values); `param` ' +
      'names it and `message` (or, where the specification fixes the message, `hint`) says what is expected.',
    hint: 'Correct the field named in param as the message says.',
  },
  invalid_type: {
    group: 'request',
    status: [400],
    summary:
      'A field is present but of another JSON type than the operation takes (a string where an integer goes, a ' +
      'number where text goes); `param` names it and `message` says the type expected.',
    hint: 'Send the field named in param as the type the message names (10, not "10"); /docs lists each field\'s type.',
  },
  invalid_filter: {
    group: 'request',
    status: [400],
    summary: 'A retrieval filter is not well formed; `param` is the path of the part at fault (filter.filters[0].key).',
    hint: 'A comparison is {type, key, value}, a compound {type: and|or, filters: [...]} (see the search guide).',
    schemaValid:
      'As the `filter` query parameter only: there the filter travels as JSON text, and JSON Schema cannot state what a ' +
      'string must parse to (in a body the schema states the filter in full).',
  },
  value_not_storable: {
    group: 'request',
    status: [400],
    summary:
      'A value is valid JSON but the database cannot hold it (a number outside the range or precision of its column).',
    hint: 'Send a value within the bounds the schema states for the field.',
  },
  request_body_timeout: {
    group: 'request',
    status: [408],
    summary:
      'The body stopped arriving: not complete within REQUEST_TIMEOUT_MS (JSON), or silent that long (an upload); ' +
      'usually a Content-Length larger than the bytes sent.',
    hint: 'Send the whole body at once, with a Content-Length equal to its size in bytes.',
  },
  malformed_http: {
    group: 'request',
    status: [400],
    summary:
      "Node's HTTP parser refused the request before the service read it: no Host header, Content-Length and " +
      'Transfer-Encoding together, two different Content-Lengths, an unknown method or a malformed request line.',
    hint: 'Send one HTTP/1.1 request with a Host header and one of Content-Length or Transfer-Encoding; an HTTP client library does.',
  },
  request_timeout: {
    group: 'request',
    status: [408],
    summary: "The request's headers did not arrive within 20 s, or the whole request within REQUEST_TIMEOUT_MS.",
    hint: 'Send the request at once; a client that opens a connection and waits before writing is cut off.',
  },
  malformed_json: {
    group: 'request',
    status: [400],
    summary:
      'The body is not valid JSON, is not UTF-8 (a Latin-1 é: the hint names the byte), or is nested more deeply ' +
      'than the service reads; `param` is "Request body" and the hint says where the parser stopped.',
    hint: 'Send one JSON value encoded as UTF-8, with Content-Type: application/json.',
  },
  unsafe_text: {
    group: 'request',
    status: [400],
    summary: 'Text in the path, query, a header or the body holds a NUL character or an unpaired UTF-16 surrogate.',
    hint: 'Remove NUL characters and unpaired surrogates from the text; PostgreSQL and UTF-8 cannot hold them.',
  },
  unsupported_media_type: {
    group: 'request',
    status: [415],
    summary:
      'A request body came with a Content-Type other than application/json (curl -d sends a form type unless told); ' +
      '`param` is Content-Type. File uploads take multipart/form-data instead; a request without a body needs neither.',
    hint: "Send the header Content-Type: application/json with the JSON body (curl: -H 'content-type: application/json').",
  },
  malformed_multipart: {
    group: 'request',
    status: [400],
    summary: 'The multipart/form-data body cannot be read, or a part or the file is missing.',
    hint: 'Send multipart/form-data with a part named file (curl -F file=@path) and text fields as their own parts.',
  },
  unsupported_file_type: {
    group: 'request',
    status: [400],
    summary:
      "The file's type is not one the service reads, or its bytes are not of the type it was sent as; the hint names " +
      'the type detected and the types supported.',
    hint: 'Send one of the supported types, with its Content-Type or file extension matching its bytes.',
    schemaValid: "Whether a file's bytes are of an accepted type is a rule on content, which no schema states.",
  },
  file_empty: {
    group: 'request',
    status: [400],
    summary: 'The uploaded file has no bytes (the message is the specification\'s "Unsupported file type").',
    hint: 'Send the file with its content: curl -F file=@path reads it from path (check the path exists).',
    schemaValid: "A file part's length is its content; the document states the part as binary, of any length.",
  },
  missing_header: {
    group: 'credentials',
    status: [400],
    summary: 'A required header is missing; `param` names it (organizationid on /v1 calls with an access token).',
    hint: "Send the header named in param: organizationid is the access token's organization id.",
  },
  invalid_header: {
    group: 'credentials',
    status: [400],
    summary: 'A header has the wrong format (organizationid must be a UUID) or came more than once; `param` names it.',
    hint: 'Correct the header named in param; an access token answers its organizationId when it is minted.',
  },

  // ---- credentials
  unauthenticated: {
    group: 'credentials',
    status: [401],
    summary: 'The credential is missing or not valid.',
    hint: 'Send the credential the operation lists in /docs: a bearer token, or the API key in x-api-key.',
  },
  token_missing: {
    group: 'credentials',
    status: [401],
    summary: 'The operation needs a bearer token and the request has no Authorization header.',
    hint:
      'Send Authorization: Bearer <access token>; mint one with POST /workspaces/{workspaceId}/generate-access-key-token ' +
      'and header x-api-key.',
  },
  bearer_scheme_missing: {
    group: 'credentials',
    status: [401],
    summary: 'The Authorization header does not use the Bearer scheme.',
    hint: 'Send the token as Authorization: Bearer <token> (the word Bearer, a space, then the token).',
  },
  api_key_as_token: {
    group: 'credentials',
    status: [401],
    summary:
      'An API key (sk-…) was sent where an access token goes; the API does not take a raw key as a bearer token.',
    hint:
      'Exchange the key for an access token: POST /workspaces/{workspaceId}/generate-access-key-token with header ' +
      'x-api-key: <key>, then send Authorization: Bearer <token> (the token field of its answer).',
  },
  token_malformed: {
    group: 'credentials',
    status: [401],
    summary: 'The bearer token is not a well-formed token (truncated, or not a JWT).',
    hint: 'Send the whole accessToken (or user space token) exactly as it was issued, without quotes or line breaks.',
  },
  token_signature_invalid: {
    group: 'credentials',
    status: [401],
    summary: "The token's signature does not verify: it was altered, or signed by another deployment.",
    hint: 'Mint a new token from this service with POST /workspaces/{workspaceId}/generate-access-key-token.',
  },
  token_expired: {
    group: 'credentials',
    status: [401],
    summary: 'The token has expired; the hint says when.',
    hint:
      'Mint a new token with POST /workspaces/{workspaceId}/generate-access-key-token (a user space token: ' +
      'activate the user space again).',
  },
  token_invalid: {
    group: 'credentials',
    status: [401],
    summary: 'The token verifies but was not issued by this service for this API (its issuer, audience or claims).',
    hint: 'Use a token minted by POST /workspaces/{workspaceId}/generate-access-key-token or the user space activation.',
  },
  token_revoked: {
    group: 'credentials',
    status: [401],
    summary: 'The API key that minted the token has been revoked, and every token it minted with it.',
    hint: 'Mint a new token with an active API key of the workspace.',
  },
  token_workspace_mismatch: {
    group: 'credentials',
    status: [403, 404],
    summary: "The token belongs to another workspace than the one in the path; the hint names the token's workspace.",
    hint: "Call the token's own workspace, or mint a token for this workspace with its API key.",
  },
  metrics_token_invalid: {
    group: 'credentials',
    status: [401],
    summary:
      "GET /metrics without the deployment's METRICS_TOKEN (set by the operator; workspace credentials do not read it).",
    hint: 'Send Authorization: Bearer <METRICS_TOKEN>.',
  },
  token_role_deleted: {
    group: 'credentials',
    status: [400, 403],
    summary: 'The token is bound to a role that has since been deleted.',
    hint: 'Mint a new token with an existing customerRoleId or roleId (or none).',
  },
  organization_mismatch: {
    group: 'credentials',
    status: [403],
    summary: 'The organizationid header is not the organization the access token was minted for.',
    hint: "Send the token's own organization id in organizationid (generate-access-key-token answers it as organizationId).",
  },
  api_key_missing: {
    group: 'credentials',
    status: [401],
    summary: 'The operation needs the workspace API key in the x-api-key header, and none was sent.',
    hint: 'Send x-api-key: sk-kws-… (the key is shown once, when it is created).',
  },
  api_key_invalid: {
    group: 'credentials',
    status: [401],
    summary: 'The x-api-key header holds no API key the service knows (mistyped, truncated, or not a key).',
    hint: 'Send an active key of the workspace in x-api-key; an access token goes in Authorization: Bearer.',
  },
  api_key_revoked: {
    group: 'credentials',
    status: [401],
    summary: 'The x-api-key header holds a key that has been revoked (the tokens it minted stop with it).',
    hint: 'Create a new key (POST /v1/workspaces/{workspaceId}/api-keys, or npx kws) and send it in x-api-key.',
  },
  api_key_workspace_mismatch: {
    group: 'credentials',
    status: [403],
    summary: 'The API key belongs to another workspace than the one in the path (or than the token).',
    hint: "Call the key's own workspace, or use that workspace's key.",
  },
  permission_denied: {
    group: 'credentials',
    status: [403],
    summary: 'The credential is valid but may not perform this operation (its kind, its role, or RBAC).',
    hint: "The operation's Authorization line in /docs lists the credentials that may call it.",
  },
  rbac_not_active: {
    group: 'credentials',
    status: [403],
    summary:
      "The operation works on roles (assigning them to knowledge) and the workspace's RBAC is not active: roles " +
      'are kept but not yet enforced, so nothing may be assigned.',
    hint:
      'Turn RBAC on first: PUT /v1/workspaces/{workspaceId}/rbac-status with {"rbacEnabled": true} (the workspace ' +
      'credential), then assign the roles (docs/guides/roles-and-tokens.md).',
  },
  role_token_required: {
    group: 'credentials',
    status: [403],
    summary:
      "The workspace's RBAC is ACTIVE and the operation (the Agent API, MCP) takes only a role-bound token; the " +
      "workspace's own token, which has no role, is refused here.",
    hint:
      'Mint a role-bound token: POST /workspaces/{workspaceId}/generate-access-key-token with x-api-key and the body ' +
      '{"customerRoleId": "<role>"}, then send it as Authorization: Bearer <token>.',
  },
  model_fixed: {
    group: 'credentials',
    status: [403],
    summary:
      "A role-bound or end-user token asked for a model other than the agent server's own; only workspace " +
      'credentials choose the model.',
    hint: "Omit model: the agent server's model is the workspace's choice.",
  },
  role_not_own: {
    group: 'credentials',
    status: [403],
    summary:
      "An end user's (role-bound) token named another role (roleId or customerRoleId) when activating a user space: " +
      'it may hand on only its own role. Nothing was created.',
    hint: "Leave roleId and customerRoleId out (the space takes the token's role), or activate with the workspace credential.",
  },
  https_required: {
    group: 'credentials',
    status: [403],
    summary: 'The request came over plain HTTP.',
    hint: 'Call the service over HTTPS.',
  },

  // ---- resources and their state
  space_outside_lane: {
    group: 'resources',
    status: [403],
    summary:
      "An end user's access token asked to activate (or retrieve) a space outside its lane: a role-bound token " +
      "reaches only its role's spaces (a space under no role: only a token without one), a token with a subject " +
      "only that user's space. Nothing was created.",
    hint: "Activate with the workspace credential, or with a token of the space's role (and, with a subject, the space's user).",
  },
  space_private: {
    group: 'resources',
    status: [400],
    summary:
      "The space belongs to another end user: a user space token reaches its own user's space only (the message " +
      'is the specification\'s "The space is private").',
    hint:
      "Use the space's owner's user space token (activate-or-retrieve-user-space with their userId or " +
      'customerIdString), or a workspace access token.',
  },
  not_found: {
    group: 'resources',
    status: [404],
    summary:
      'The resource named in the path (or a resource the body names) does not exist in this workspace; `param` names ' +
      'the path parameter (knowledgeId, roleId, …) or the field.',
    hint: 'Check the id; ids are per workspace, and a list operation shows the ones that exist.',
  },
  route_not_found: {
    group: 'resources',
    status: [404],
    summary: 'No operation has this path.',
    hint: 'Check the path against the API reference (/docs); /v1 paths need the /v1 prefix.',
  },
  method_not_allowed: {
    group: 'resources',
    status: [405],
    summary: 'The path exists but does not take this method; the Allow header lists those it takes.',
    hint: 'Use one of the methods in the Allow header.',
  },
  not_acceptable: {
    group: 'resources',
    status: [406],
    summary: 'The Accept header does not accept what the operation answers.',
    hint: 'MCP clients send Accept: application/json, text/event-stream.',
  },
  conflict: {
    group: 'resources',
    status: [409],
    summary:
      'The request conflicts with the resource as it is now (a name taken, a job running, a state not allowing it).',
    hint: 'Read the resource again and retry once its state allows the change.',
  },
  workspace_deleted: {
    group: 'resources',
    status: [410],
    summary: 'The workspace has been deleted.',
    hint: 'Use another workspace.',
  },
  gone: {
    group: 'resources',
    status: [410],
    summary: 'The resource existed and is gone.',
    hint: 'Create it again if it is still needed.',
  },
  unprocessable: {
    group: 'resources',
    status: [422],
    summary:
      'The request is well formed but its content cannot be processed (a file that cannot be read, a URL that does not parse).',
    hint: 'The message says what could not be processed.',
  },

  // ---- refusals of schema-valid requests (the schema cannot state the rule)
  url_host_refused: {
    group: 'request',
    status: [400],
    summary: "A URL's host does not resolve, or resolves only to addresses the service does not connect to.",
    hint: 'Use a URL whose host resolves, within 3 s, to a public address.',
    schemaValid: 'Whether a host name resolves, and to which addresses, is decided by DNS at the time of the request.',
  },
  cursor_invalid: {
    group: 'request',
    status: [400],
    summary: 'The cursor is not one the service issued for this workspace and these filters.',
    hint: "Send the previous page's nextCursor unchanged, with the same filters; leave cursor out for the first page.",
    schemaValid: 'A cursor is a token the service seals; whether a string of its shape was issued cannot be stated.',
  },
  not_recrawlable: {
    group: 'resources',
    status: [400],
    summary: 'Only WEBSITE items can be recrawled.',
    hint: 'Recrawl the WEBSITE item (the site root); refetch a URL item with POST …/refetch.',
    schemaValid: "The item's type is stored data; the path's id does not say it.",
  },
  knowledge_type_mismatch: {
    group: 'resources',
    status: [422],
    summary: "The reserved-field update names another type than the item's stored type.",
    hint: "Send the item's own type (GET the item: its type field).",
    schemaValid: "The item's type is stored data; the body's type field cannot be checked against it by a schema.",
  },
  workspace_id_mismatch: {
    group: 'request',
    status: [400],
    summary: "The body's workspaceId is not the workspace in the path.",
    hint: "Send the path's workspace id as workspaceId.",
    schemaValid: 'JSON Schema cannot relate a body field to a path parameter.',
  },
  message_not_in_group: {
    group: 'resources',
    status: [400],
    summary: '`before` is not the id of a message of the group.',
    hint: "Send the id of a message the group's message list returned.",
    schemaValid: 'Which messages a group holds is stored data.',
  },
  message_not_in_thread: {
    group: 'resources',
    status: [400],
    summary: '`messagesAfter` is not the id of a message of the thread.',
    hint: 'Send the id of the last message of the page you read.',
    schemaValid: 'Which messages a thread holds is stored data.',
  },
  source_kind_mismatch: {
    group: 'request',
    status: [400],
    summary: "A source change's config or secrets are of another kind than the source's own.",
    hint: "Send the config (and secrets) of the source's kind (GET the source: its kind field).",
    schemaValid: "The source's kind is stored data; the change's body does not name it.",
  },
  invalid_source_rule: {
    group: 'request',
    status: [400],
    summary: 'A source rule the source cannot evaluate: a condition its kind does not know, or too many patterns.',
    hint: 'Match on paths (every kind), metadata and tags (s3), owners (git with config.codeowners); see param.',
    schemaValid:
      "Which conditions a rule may hold depends on the source's kind, which a change or a dry run does not name " +
      "(the stored source does), and on its config (owners need config.codeowners); a rule's patterns are counted " +
      'across all its conditions.',
  },
  item_not_ready: {
    group: 'resources',
    status: [409],
    summary:
      'The item is not ready for the change: a version of it is being processed (pendingVersion), or it is not ' +
      'COMPLETED, so its content, chunks or versions cannot change now.',
    hint: 'Wait until the item is COMPLETED with no pendingVersion, then send the change again.',
    schemaValid: "The item's processing state is stored data.",
  },
  item_wrong_type: {
    group: 'resources',
    status: [409],
    summary:
      "The item's type has another way to new content: a file is replaced with PUT …/file, a text with PATCH and " +
      'text, a URL item refetched, a website recrawled.',
    hint: "Use the route for the item's type; the hint names it.",
    schemaValid: "The item's type is stored data, which the request does not name.",
  },
  item_changed: {
    group: 'resources',
    status: [409],
    summary:
      "The item was renamed while a chunk's new text was embedded with its title (the default EMBEDDING_TEXT_SCHEME " +
      'puts titles in vectors); nothing was changed.',
    hint: 'Send the same request again: it embeds the text with the new title.',
    schemaValid: "The item's title is stored data, changed by another request.",
  },

  // ---- retrieval evaluations (docs/guides/retrieval-evaluation.md)
  evaluation_questions_limit: {
    group: 'limits',
    status: [400],
    summary: 'A retrieval evaluation has more questions than RETRIEVAL_EVAL_MAX_QUESTIONS (1,000 by default).',
    hint: 'Split the labelled set into evaluations of at most RETRIEVAL_EVAL_MAX_QUESTIONS questions.',
    schemaValid: "The deployment may set RETRIEVAL_EVAL_MAX_QUESTIONS below the document's maxItems (its ceiling).",
  },
  evaluation_runs_limit: {
    group: 'limits',
    status: [400],
    summary: 'A retrieval evaluation compares more runs than RETRIEVAL_EVAL_MAX_RUNS (10 by default).',
    hint: 'Compare at most RETRIEVAL_EVAL_MAX_RUNS runs at once; start a second evaluation for the others.',
    schemaValid: "The deployment may set RETRIEVAL_EVAL_MAX_RUNS below the document's maxItems (its ceiling).",
  },
  evaluation_query_too_long: {
    group: 'limits',
    status: [400],
    summary: "A question's query is longer than RETRIEVAL_EVAL_MAX_QUERY_CHARS (1,000 by default); `param` names it.",
    hint: 'Shorten the query named in param (searches read about 1,000 characters at most).',
    schemaValid: "The deployment may set RETRIEVAL_EVAL_MAX_QUERY_CHARS below the document's maxLength (its ceiling).",
  },
  evaluation_unknown_item: {
    group: 'resources',
    status: [400],
    summary: "A question's relevant item names no item of the workspace; `param` names the first such id.",
    hint: 'Label items that exist in the workspace (GET …/knowledge?externalId=… finds one by its external id).',
    schemaValid: 'Which items a workspace holds is stored data.',
  },
  evaluation_unknown_run_or_kind: {
    group: 'resources',
    status: [400],
    summary:
      "An evaluation's page was asked for a `run` or a `kind` the evaluation does not have; `param` names which, " +
      'and the message lists the ones it has.',
    hint: "Name one of the evaluation's runs (runs[].name) or kinds (kinds[]); case counts.",
    schemaValid: 'Which runs and kinds an evaluation has is stored data.',
  },
  evaluation_running_limit: {
    group: 'limits',
    status: [409],
    summary:
      'The workspace runs RETRIEVAL_EVAL_MAX_RUNNING evaluations (2 by default), or the deployment, every ' +
      "workspace's together, RETRIEVAL_EVAL_MAX_RUNNING_TOTAL (8), the most at once.",
    hint: 'Wait the seconds Retry-After gives, or until a running evaluation ends (POST …/background-jobs).',
    schemaValid: 'How many evaluations the workspace and the deployment are running is stored state.',
  },
  evaluation_hourly_budget: {
    group: 'limits',
    status: [400, 429],
    summary:
      "A workspace's evaluations are created with at most RETRIEVAL_EVAL_QUESTION_RUNS_PER_HOUR question runs " +
      '(questions × runs; 30,000 by default) each clock hour, charged at creation and kept after a delete: 429 ' +
      'when this hour has too few left (Retry-After: the seconds until the next hour), 400 when one evaluation ' +
      'needs more than the whole budget.',
    hint:
      '429 (param workspaceId): wait the seconds Retry-After gives, when the hour turns, or evaluate fewer questions ' +
      'or runs now. 400 (param questions): the one evaluation is larger than the whole hour, so waiting cannot help: ' +
      'split its questions, or compare fewer runs.',
    schemaValid: "How much of the hour's budget the workspace has used is stored state; the budget is configuration.",
  },
  evaluation_stored_limit: {
    group: 'limits',
    status: [409],
    summary: 'The workspace keeps RETRIEVAL_EVAL_MAX_STORED evaluations (100 by default), the most it may.',
    hint: 'Delete evaluations you no longer need (DELETE …/retrieval-evaluations/{evaluationId}).',
    schemaValid: 'How many evaluations the workspace keeps is stored state.',
  },

  // ---- sizes and rates
  body_too_large: {
    group: 'limits',
    status: [413],
    summary: 'The JSON body is larger than MAX_JSON_BODY_BYTES (1 MiB by default).',
    hint: 'Send a smaller body: long text goes as a file upload (POST …/knowledge/file), which takes up to MAX_UPLOAD_BYTES.',
    schemaValid:
      "A schema bounds a string's characters, not the bytes of the encoded body: text within its maxLength can exceed " +
      'the body limit once encoded (non-ASCII characters take 2 to 12 bytes each).',
  },
  headers_too_large: {
    group: 'limits',
    status: [431],
    summary: "The request's headers (or its path) add up to more than 16 KiB, Node's limit.",
    hint: 'Send shorter headers: an access token alone in Authorization, no large cookies, ids rather than text in the path.',
  },
  file_too_large: {
    group: 'limits',
    status: [413],
    summary: 'The uploaded file is larger than MAX_UPLOAD_BYTES.',
    hint: 'Split the file, or ask the operator to raise MAX_UPLOAD_BYTES.',
  },
  quota_exceeded: {
    group: 'limits',
    status: [403],
    summary:
      "The upload (or a space or agent message: messages count in the storage figure) would take the workspace's " +
      'storage past its quota.',
    hint: 'Delete items or old versions (GET …/storage shows the usage), or ask the operator for a larger quota.',
  },
  rate_limited: {
    group: 'limits',
    status: [429],
    summary: "The credential's requests in the current window passed the rate limit.",
    hint: 'Wait the seconds Retry-After gives, then retry.',
  },
  rate_limited_end_user: {
    group: 'limits',
    status: [429],
    summary:
      "One end user's requests (a token with a subject, or a user space token) passed that end user's own budget, " +
      'RATE_LIMIT_SUBJECT_REQUESTS per window.',
    hint: 'Wait the seconds Retry-After gives; other end users and the integrator keep their own budgets.',
  },
  rate_limited_end_users: {
    group: 'limits',
    status: [429],
    summary:
      "The workspace's end users together passed their shared ceiling, RATE_LIMIT_END_USER_REQUESTS per window (the " +
      "integrator's own credentials keep their budget).",
    hint: 'Wait the seconds Retry-After gives, or ask the operator to raise RATE_LIMIT_END_USER_REQUESTS.',
  },
  too_many_concurrent_requests: {
    group: 'limits',
    status: [429],
    summary:
      'One end user (or one client address without a valid credential) already has RATE_LIMIT_CONCURRENT_REQUESTS ' +
      'requests in flight on this API process, or the workspace already ran RATE_LIMIT_WORKSPACE_CONCURRENT_REQUESTS ' +
      'of its requests at once for as long as one may wait its turn (RATE_LIMIT_WORKSPACE_QUEUE_MS); the request was ' +
      'not started and spent no budget.',
    hint: 'Wait for an earlier request to finish (Retry-After: 1), or send fewer at once.',
  },
  workspace_uploads_busy: {
    group: 'limits',
    status: [429],
    summary:
      'The workspace is past its share of the uploads one API process receives at once ' +
      '(MAX_CONCURRENT_UPLOADS_PER_WORKSPACE, by default a quarter of MAX_CONCURRENT_UPLOADS), and the slots left are ' +
      'the ones kept for other workspaces; the body was not read.',
    hint: 'Wait for one of its uploads to finish (Retry-After: 5), or send the files one after another.',
  },
  upload_too_slow: {
    group: 'request',
    status: [408],
    summary:
      "The upload's body arrived slower than UPLOAD_MIN_BYTES_PER_SECOND over a REQUEST_TIMEOUT_MS window (time the " +
      'service itself held the body back does not count); nothing was stored.',
    hint: 'Retry from a faster connection, or ask the operator to lower UPLOAD_MIN_BYTES_PER_SECOND.',
  },
  space_max_messages: {
    group: 'limits',
    status: [409],
    summary: 'The space holds its maximum number of messages (SPACE_MAX_MESSAGES).',
    hint: 'Erase the space, or ask the operator to raise SPACE_MAX_MESSAGES.',
  },
  space_max_message_bytes: {
    group: 'limits',
    status: [413],
    summary: 'The message (text, content and sources together) is larger than SPACE_MAX_MESSAGE_BYTES.',
    hint: 'Send a shorter message.',
  },
  space_max_messages_bytes: {
    group: 'limits',
    status: [409],
    summary: "The space's messages hold their maximum of bytes (SPACE_MAX_MESSAGES_BYTES).",
    hint: 'Erase the space, or ask the operator to raise SPACE_MAX_MESSAGES_BYTES.',
  },
  space_max_groups: {
    group: 'limits',
    status: [409],
    summary: 'The space holds its maximum number of groups (SPACE_MAX_GROUPS).',
    hint: 'Post into an existing group.',
  },
  workspace_max_spaces: {
    group: 'limits',
    status: [409],
    summary: 'The workspace holds its maximum number of user spaces (WORKSPACE_MAX_SPACES).',
    hint: 'Erase the spaces of users who left, or ask the operator to raise WORKSPACE_MAX_SPACES.',
  },
  role_max_spaces: {
    group: 'limits',
    status: [409],
    summary:
      'The tokens of this role (without a subject) have created their maximum number of user spaces (ROLE_MAX_SPACES).',
    hint: "Activate further users' spaces with the workspace credential, or ask the operator to raise ROLE_MAX_SPACES.",
  },
  agent_max_threads_per_subject: {
    group: 'limits',
    status: [409],
    summary: 'This end user holds its maximum number of agent threads (AGENT_MAX_THREADS_PER_SUBJECT).',
    hint: 'Continue an existing thread, or delete one.',
  },
  agent_max_bytes_per_subject: {
    group: 'limits',
    status: [409],
    summary: "This end user's agent threads hold their maximum of message bytes (AGENT_MAX_BYTES_PER_SUBJECT).",
    hint: 'Delete threads the end user no longer needs, or ask the operator to raise AGENT_MAX_BYTES_PER_SUBJECT.',
  },
  agent_max_runs_per_subject: {
    group: 'limits',
    status: [429],
    summary: 'This end user has its maximum number of agent runs in progress (AGENT_MAX_RUNS_PER_SUBJECT).',
    hint: 'Wait for a run to end (Retry-After), then start the next.',
  },
  workspace_max_agent_threads: {
    group: 'limits',
    status: [409],
    summary: 'The workspace holds its maximum number of agent threads (WORKSPACE_MAX_AGENT_THREADS).',
    hint: 'Delete threads no longer needed, or ask the operator to raise WORKSPACE_MAX_AGENT_THREADS.',
  },
  workspace_max_sources: {
    group: 'limits',
    status: [409],
    summary: 'The workspace holds its maximum number of synced sources (WORKSPACE_MAX_SOURCES).',
    hint: 'Delete a source you no longer sync, or ask the operator to raise WORKSPACE_MAX_SOURCES.',
  },
  workspace_max_api_keys: {
    group: 'limits',
    status: [409],
    summary:
      'The workspace holds its maximum number of active API keys (WORKSPACE_MAX_API_KEYS); revoked keys do not count. ' +
      "Every key has its own rate budget, so the bound also bounds the workspace's integrator budgets.",
    hint: 'Revoke a key you no longer use, or ask the operator to raise WORKSPACE_MAX_API_KEYS.',
  },
  rate_limited_workspace: {
    group: 'limits',
    status: [429],
    summary:
      "All of the workspace's integrator credentials (its API keys and their tokens) together passed their shared " +
      'ceiling, RATE_LIMIT_WORKSPACE_REQUESTS per window; each key keeps its own RATE_LIMIT_REQUESTS within it.',
    hint: 'Wait the seconds Retry-After gives, or ask the operator to raise RATE_LIMIT_WORKSPACE_REQUESTS.',
  },

  // ---- the service
  internal_error: {
    group: 'service',
    status: [500],
    summary: 'The service failed on its side; the failure is logged with the requestId.',
    hint: 'Retry later; if it persists, report the requestId to the operator.',
  },
  upstream_error: {
    group: 'service',
    status: [502, 504],
    summary:
      "A server the service called on your behalf (the thread's agent server) failed, or did not answer in time.",
    hint: 'Check the agent server (its URL, token and model), or give the run less to do; the message says what failed.',
  },
  service_unavailable: {
    group: 'service',
    status: [503],
    summary: 'A dependency (database, storage, Temporal) is unreachable or busy, or the request took too long.',
    hint: 'Retry after the seconds Retry-After gives (or shortly).',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof entries;
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorCodeEntry>> = entries;
export const ERROR_CODES = Object.keys(entries) as ErrorCode[];

/** The code an error carries when its site names none: by status. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission_denied';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 406:
      return 'not_acceptable';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'body_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    case 502:
    case 504:
      return 'upstream_error';
    case 503:
      return 'service_unavailable';
  }
  return status >= 500 ? 'internal_error' : 'invalid_request';
}
