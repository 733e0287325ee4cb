// The git source's config and secrets: the form rules of a repository URL (https, a host, no credentials, query
// or fragment), a branch name and path globs, stated once as patterns that the parser, the API's zod schemas and
// the OpenAPI document share.
import { z } from 'zod';
import { parseWebUrl } from '../../web/fetch';
import { GLOB_PATTERN, globProblem, MAX_GLOB_LENGTH, MAX_GLOBS, wellFormed } from '../glob';

export interface GitConfig {
  /** The repository's smart-HTTP URL (https; http only where the kind's options allow it). */
  url: string;
  /** The branch to follow; the repository's default branch when absent. */
  branch?: string;
  /** Globs of the paths to take, relative to the repository root. */
  paths: string[];
  /** A CODEOWNERS file to read at each listing (its path in the repository): the owners the rules may match. */
  codeowners?: string;
}

/** HTTP basic credentials; a token is sent as the password. */
export interface GitSecrets {
  username?: string;
  token?: string;
}

const MAX_URL_LENGTH = 2048;
const MAX_BRANCH_LENGTH = 255;

// The form rules, each stated once: the JSON schema carries the patterns and the parser tests with them.
// They are fixed patterns (user input is only ever the subject), anchored, without nested quantifiers.
// The host as a URL parser takes it: a name in labels of 1 to 63 (253 in all) whose last starts with a letter
// (a last label of digits would be read as an IPv4 address), no "xn--" label (invalid punycode fails the
// parse), or a dotted IPv4 address; a port of 1 to 65535.
const NAME_LABEL = '(?![Xx][Nn]--)[A-Za-z0-9_-]{1,63}';
const HOST_NAME = `(?=[A-Za-z0-9_.-]{1,253}(?:[:/]|$))(?:${NAME_LABEL}\\.)*(?![Xx][Nn]--)[A-Za-z_][A-Za-z0-9_-]{0,62}\\.?`;
const IPV4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `(?:${IPV4_PART}\\.){3}${IPV4_PART}`;
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}))?';
const URL_REST = `(?:${HOST_NAME}|${IPV4})${PORT}(?:/[^\\s\\u0000-\\u001f\\u007f?#]*)?$`;
const URL_PATTERN = `^https://${URL_REST}`;
export const HTTP_URL_PATTERN = `^https?://${URL_REST}`;
// git check-ref-format: no control characters, space, ~ ^ : ? * [ \; no "..", "@{", "//"; no component
// starting with "."; not starting with "-" or "/", not ending with "/", "." or ".lock".
const BRANCH_PATTERN =
  '^(?!-)(?!/)(?!\\.)(?!.*\\.\\.)(?!.*@\\{)(?!.*//)(?!.*/\\.)(?!.*/$)(?!.*\\.$)(?!.*\\.lock$)[^\\u0000-\\u0020~^:?*\\[\\\\\\u007f]+$';
const USERNAME_PATTERN = '^[^\\u0000-\\u001f\\u007f:]+$';
const SECRET_PATTERN = '^[^\\u0000-\\u001f\\u007f]+$';
const urlForm = new RegExp(URL_PATTERN);
const httpUrlForm = new RegExp(HTTP_URL_PATTERN);
const branchForm = new RegExp(BRANCH_PATTERN);
const usernameForm = new RegExp(USERNAME_PATTERN);
const secretForm = new RegExp(SECRET_PATTERN);

/** The secrets' JSON schema: HTTP basic credentials, a token being sent as the password. */
export const gitSecretsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    username: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      pattern: USERNAME_PATTERN,
      description: 'The HTTP basic user name ("git" when only a token is given).',
    },
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      pattern: SECRET_PATTERN,
      description: 'An access token or password, sent as the HTTP basic password. Sealed; never returned.',
    },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      pattern: SECRET_PATTERN,
      description: 'Another name for token (give one of them).',
    },
  },
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(input: Record<string, unknown>, allowed: readonly string[], what: string) {
  const extra = Object.keys(input).find((k) => !allowed.includes(k));
  if (extra !== undefined) throw new Error(`${what} has an unknown field "${extra.slice(0, 64)}"`);
}

function boundedString(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw new Error(`${field} must be a string`);
  if (value.length === 0) throw new Error(`${field} must not be empty`);
  if (value.length > max) throw new Error(`${field} is longer than ${max} characters`);
  if (!wellFormed(value)) throw new Error(`${field} is not valid Unicode (a lone surrogate)`);
  return value;
}

/** Checks a repository URL's form: https (http only when allowed), a host, no credentials, query or fragment. */
export function checkRepositoryUrl(raw: string, allowHttp: boolean): string {
  if (!(allowHttp ? httpUrlForm : urlForm).test(raw)) {
    throw new Error(
      `config.url must be an ${allowHttp ? 'http(s)' : 'https'} URL without credentials, query or fragment`,
    );
  }
  try {
    parseWebUrl(raw);
  } catch (err) {
    throw new Error(`config.url: ${(err as Error).message}`);
  }
  return raw;
}

/** Parses a git source's config; throws an Error saying what is wrong. */
export function parseGitConfig(input: unknown, options: { allowHttp?: boolean } = {}): GitConfig {
  if (!isRecord(input)) throw new Error('config must be an object');
  onlyKeys(input, ['url', 'branch', 'paths', 'codeowners'], 'config');
  const url = checkRepositoryUrl(boundedString(input.url, 'config.url', MAX_URL_LENGTH), options.allowHttp ?? false);
  let branch: string | undefined;
  if (input.branch !== undefined) {
    branch = boundedString(input.branch, 'config.branch', MAX_BRANCH_LENGTH);
    if (!branchForm.test(branch)) throw new Error('config.branch is not a valid git branch name');
  }
  let paths = ['**'];
  if (input.paths !== undefined) {
    if (!Array.isArray(input.paths)) throw new Error('config.paths must be an array of globs');
    if (input.paths.length === 0) throw new Error('config.paths must hold at least one glob');
    if (input.paths.length > MAX_GLOBS) throw new Error(`config.paths holds more than ${MAX_GLOBS} globs`);
    paths = input.paths.map((p: unknown, i) => {
      if (typeof p !== 'string') throw new Error(`config.paths[${i}] must be a string`);
      const problem = globProblem(p);
      if (problem) throw new Error(`config.paths[${i}] ${problem}`);
      return p;
    });
  }
  let codeowners: string | undefined;
  if (input.codeowners !== undefined) {
    codeowners = boundedString(input.codeowners, 'config.codeowners', MAX_GLOB_LENGTH);
    if (globProblem(codeowners))
      throw new Error('config.codeowners must be a path in the repository, like .github/CODEOWNERS');
  }
  return {
    url,
    ...(branch !== undefined ? { branch } : {}),
    paths,
    ...(codeowners !== undefined ? { codeowners } : {}),
  };
}

/** Parses a git source's secrets (absent for a public repository); throws an Error saying what is wrong. */
export function parseGitSecrets(input: unknown): GitSecrets {
  if (input === undefined || input === null) return {};
  if (!isRecord(input)) throw new Error('secrets must be an object');
  onlyKeys(input, ['username', 'token', 'password'], 'secrets');
  if (input.token !== undefined && input.password !== undefined) {
    throw new Error('secrets: give token or password, not both');
  }
  const out: GitSecrets = {};
  if (input.username !== undefined) {
    out.username = boundedString(input.username, 'secrets.username', 256);
    if (!usernameForm.test(out.username)) {
      throw new Error('secrets.username must not contain ":" or control characters');
    }
  }
  const rawToken = input.token ?? input.password;
  if (rawToken !== undefined) {
    const field = input.token !== undefined ? 'secrets.token' : 'secrets.password';
    out.token = boundedString(rawToken, field, 4096);
    if (!secretForm.test(out.token)) throw new Error(`${field} must not contain control characters`);
  }
  if (out.username !== undefined && out.token === undefined) {
    throw new Error('secrets.username needs a token or password');
  }
  return out;
}

// The sources API's schemas of a git source (src/connectors/registry.ts): the same form rules as the parser,
// stated so the OpenAPI document carries them. http:// passes the form; a sync refuses it unless the
// deployment allows private networks (a local or test setup), since basic auth over http exposes the token.
const INVALID = 'Invalid field value';
export const GitConfigSchema = z
  .strictObject(
    {
      url: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_URL_LENGTH, { message: INVALID })
        .regex(httpUrlForm, { message: INVALID })
        .meta({
          description:
            'The repository over smart HTTP: https, no credentials, query, fragment or control characters. Plain ' +
            'http is accepted only where the operator set CRAWL_ALLOW_PRIVATE_NETWORKS=true (a local or test setup).',
          examples: ['https://git.example.com/team/handbook.git'],
        }),
      branch: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_BRANCH_LENGTH, { message: INVALID })
        .regex(branchForm, { message: INVALID })
        .optional()
        .meta({
          description: "The branch to follow (a git branch name); the repository's default branch when absent.",
        }),
      paths: z
        .array(
          z
            .string({ error: INVALID })
            .min(1, { message: INVALID })
            .max(MAX_GLOB_LENGTH, { message: INVALID })
            .regex(new RegExp(GLOB_PATTERN), { message: INVALID }),
          { error: INVALID },
        )
        .min(1, { message: INVALID })
        .max(MAX_GLOBS, { message: INVALID })
        .default(['**'])
        .meta({
          description: 'Globs of the files to follow, relative to the root (default ["**"])',
          examples: [['docs/**/*.md']],
        }),
      codeowners: z
        .string({ error: INVALID })
        .min(1, { message: INVALID })
        .max(MAX_GLOB_LENGTH, { message: INVALID })
        .regex(new RegExp(GLOB_PATTERN), { message: INVALID })
        .optional()
        .meta({
          description:
            "A CODEOWNERS file to read at each sync (its path in the repository): each file's owners, which the source's rules may match (rules[].match.owners)",
          examples: ['.github/CODEOWNERS'],
        }),
    },
    { error: INVALID },
  )
  .superRefine((value, ctx) => {
    try {
      parseGitConfig(value, { allowHttp: true });
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  });

interface StringRule {
  type: 'string';
  pattern: string;
  minLength: number;
  maxLength: number;
  description?: string;
}

/** The config's JSON schema, derived from GitConfigSchema (the form rules are stated once). */
export const gitConfigSchema = z.toJSONSchema(GitConfigSchema, { io: 'input' }) as unknown as {
  properties: { url: StringRule; branch: StringRule; paths: { items: StringRule; default: string[] } };
};

export const GitSecretsSchema = z.strictObject(
  {
    username: z
      .string({ error: INVALID })
      .min(1, { message: INVALID })
      .max(256, { message: INVALID })
      .regex(usernameForm, { message: INVALID })
      .optional(),
    token: z
      .string({ error: INVALID })
      .min(1, { message: INVALID })
      .max(4096, { message: INVALID })
      .regex(secretForm, { message: INVALID })
      .optional(),
  },
  { error: INVALID },
);
