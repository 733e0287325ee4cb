// The drift guard: every response the suite receives is checked against the published OpenAPI document. The
// status must be documented for the operation, the body must match its schema (response schemas forbid
// undocumented fields), the documented headers must be there and the media type must be a documented one.
// A response to an undocumented path or method must be the {"error","message"} body with 404 or 405.
import type { IncomingHttpHeaders } from 'node:http';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { compileTemplate } from '../../src/api/middleware/methods';
import { publishedOpenApiDocument } from '../../src/api/published';

type Json = Record<string, unknown>;

export interface ObservedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

interface DocumentedResponse {
  /** Media type -> body validator (undefined: a body the schema does not constrain). */
  content: Map<string, ValidateFunction | undefined>;
  headers: Array<{ name: string; required: boolean; validate: ValidateFunction }>;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** How many literal segments the template has: the more, the more specific. */
  literals: number;
  responses: Map<string, DocumentedResponse>;
}

export interface Contract {
  check(method: string, path: string, res: ObservedResponse): void;
  /**
   * Compiles every schema now (each is compiled when a response first needs it); throws on one that fails. It
   * yields to the event loop between schemas: the whole document is seconds of CPU (10 s on a loaded machine), and
   * this process's Temporal workers answer their workflow tasks from the same thread.
   */
  compileAll(): Promise<void>;
}

/** The id the document's components are registered under. */
const DOCUMENT_ID = 'https://kws.invalid/openapi.json';

/** A schema whose `#/components/...` references point into the registered document. */
function componentRefsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentRefsOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' && v.startsWith('#/components/')
        ? `${DOCUMENT_ID}${v}`
        : componentRefsOf(v),
    ]),
  );
}

/**
 * An Ajv for the schemas of a document, which refer to `#/components/...`: the components are one schema of
 * their own (DOCUMENT_ID), each compiled once however many schemas refer to it (a copy beside every schema made
 * Ajv compile them again for each: 12 s for the whole document). `compile` takes a schema of the document.
 */
export function documentAjv(document: Json): { ajv: Ajv2020; compile: (schema: unknown) => ValidateFunction } {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  return { ajv, compile: (schema) => ajv.compile(componentRefsOf(schema) as Json) };
}

/** The checker for a document (the published one unless given). */
export function createContract(document: Json = publishedOpenApiDocument() as unknown as Json): Contract {
  // Each response schema is compiled on first use (documentAjv).
  const { ajv, compile: compileNow } = documentAjv(document);
  const lazy: Array<() => ValidateFunction> = [];
  const compile = (schema: unknown): ValidateFunction => {
    let compiled: ValidateFunction | undefined;
    const compiledNow = () => (compiled ??= compileNow(schema));
    lazy.push(compiledNow);
    const validate = ((data: unknown) => {
      const ok = compiledNow()(data);
      validate.errors = compiledNow().errors;
      return ok;
    }) as ValidateFunction;
    return validate;
  };
  const errorBody = compile({ $ref: '#/components/schemas/Error' });

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const { pattern, literals } = compileTemplate(template);
    for (const [method, op] of Object.entries(item)) {
      const responses = new Map<string, DocumentedResponse>();
      for (const [status, response] of Object.entries((op as Json).responses as Record<string, Json>)) {
        const content = new Map<string, ValidateFunction | undefined>();
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          content.set(type, media.schema ? compile(media.schema) : undefined);
        }
        const headers = Object.entries((response.headers ?? {}) as Record<string, Json>).map(([name, header]) => {
          const resolved = resolveRef(document, header);
          return { name: name.toLowerCase(), required: resolved.required === true, validate: compile(resolved.schema) };
        });
        responses.set(status, { content, headers });
      }
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern,
        literals,
        responses,
      });
    }
  }

  const fail = (what: string, method: string, path: string, res: ObservedResponse, detail: string): never => {
    throw new ContractViolation(
      `${method} ${path} answered ${res.status}: ${what} (OpenAPI drift: fix the operation's schema under ` +
        `src/api/routes/*/, or the handler)\n${detail}\nbody: ${res.text.slice(0, 2000)}`,
    );
  };
  const errorsOf = (v: ValidateFunction) => ajv.errorsText(v.errors, { separator: '\n' });

  return {
    async compileAll() {
      for (const compiledNow of lazy) {
        compiledNow();
        await yieldToLoop();
      }
    },
    check(method, rawPath, res) {
      const m = method.toUpperCase();
      const path = rawPath.split('?')[0] ?? rawPath;
      // A literal path beside a parameter route is the literal route's resource (src/api/middleware/methods.ts).
      const matching = operations.filter((o) => o.pattern.test(path));
      const literals = Math.max(...matching.map((o) => o.literals));
      const op = matching.find(
        (o) => o.literals === literals && (o.method === m || (m === 'HEAD' && o.method === 'GET')),
      );
      if (!op) {
        // No operation: an unknown route (404) or a method the path does not serve (405 with Allow).
        const expected = matching.length > 0 ? 405 : 404;
        const options = m === 'OPTIONS' && matching.length > 0 && (res.status === 200 || res.status === 204);
        if (res.status !== expected && !options) {
          fail(`expected ${expected} for an undocumented ${matching.length > 0 ? 'method' : 'path'}`, m, path, res, '');
        }
        if (!options && !errorBody(res.body)) fail('not the error body', m, path, res, errorsOf(errorBody));
        if (expected === 405 && !res.headers.allow) fail('405 without Allow', m, path, res, '');
        return;
      }
      const documented = op.responses.get(String(res.status));
      if (!documented) {
        const statuses = [...op.responses.keys()].join(', ');
        fail(`status not documented for ${op.method} ${op.template}`, m, path, res, `documented: ${statuses}`);
        return;
      }
      for (const header of documented.headers) {
        const value = res.headers[header.name];
        if (value === undefined) {
          if (header.required) fail(`required header ${header.name} missing`, m, path, res, '');
          continue;
        }
        if (!header.validate(value)) fail(`header ${header.name}: ${value}`, m, path, res, errorsOf(header.validate));
      }
      if (m === 'HEAD' || documented.content.size === 0) return;
      const type = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (!documented.content.has(type)) {
        fail(
          `content type ${type || '(none)'} not documented`,
          m,
          path,
          res,
          [...documented.content.keys()].join(', '),
        );
      }
      const validate = documented.content.get(type);
      if (!validate) return;
      const body = type === 'application/json' ? res.body : res.text;
      if (!validate(body)) fail(`body does not match ${op.method} ${op.template}`, m, path, res, errorsOf(validate));
    },
  };
}

function resolveRef(document: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json>((at, key) => at[key] as Json, document);
}

let published: Contract | undefined;
/** The published document's checker, built once per run. */
export function publishedContract(): Contract {
  published ??= createContract();
  return published;
}
