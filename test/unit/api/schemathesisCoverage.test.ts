// test/schemathesis.toml runs the coverage phase (every boundary and negative case a schema defines) once per
// request schema: an operation whose body fields are the same schemas as another operation's (built by the same
// field constructors and checked by the same validation) has its coverage phase off, and the other operation's
// coverage sends those cases. Each such operation is named here with the operation that stands for it; the test
// fails when their schemas drift apart, or when the file turns coverage off for an operation not named here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publishedOpenApiDocument } from '../../../src/api/published';

const LANGUAGE_TEST = 'test/api/errors.test.ts: refuses a RAG languageId that is no language tag';
const RAG_FIELDS_TEST = "test/api/errors.test.ts: refuses each RAG field's out-of-bounds values at every RAG path";
/** The RAG bodies' own fields: the text (longer than a query), topK (fewer than a search's limit), the passages'
 * context window and the answer's language. */
const RAG_OWN = { text: RAG_FIELDS_TEST, topK: RAG_FIELDS_TEST, contextWindow: RAG_FIELDS_TEST };

/**
 * The operation whose coverage stands for each one whose coverage is off; `under`: the body field holding its input;
 * `as`: a field checked as the other operation's field of another name; `except`: a field whose rules differ, with the test that sends its boundary and negative cases instead.
 */
const COVERED_BY: Record<
  string,
  { by: string; under?: string; as?: Record<string, string>; except?: Record<string, string> }
> = {
  // Title search (at the spec's path and at /v1, one handler) takes the search's fields, its title checked as the
  // search's query (the same length and blank rules).
  searchKnowledgeByTitle: { by: 'searchKnowledge', as: { title: 'query' } },
  searchKnowledgeByTitleV1: { by: 'searchKnowledge', as: { title: 'query' } },
  // Agent tools: the tool's input holds fields of the search and RAG requests.
  executeKnowledgeSearchTool: { by: 'searchKnowledge', under: 'input' },
  executeTitleSearchTool: { by: 'searchKnowledge', under: 'input', as: { title: 'query' } },
  // The RAG bodies take the search's filter (its grammar is most of their 1,700 coverage cases each), space RAG and
  // agent RAG its scoreThreshold, hybridWeight, rerank and rerankCandidates too, with RAG fields of their own.
  // Their languageId is a language tag (one field, src/api/schemas/language.ts); the rag tool has none.
  spaceRag: {
    by: 'searchKnowledge',
    as: { text: 'query', topK: 'limit' },
    except: { ...RAG_OWN, languageId: LANGUAGE_TEST },
  },
  agentRag: {
    by: 'searchKnowledge',
    as: { text: 'query', topK: 'limit' },
    except: { ...RAG_OWN, languageId: LANGUAGE_TEST },
  },
  executeRagTool: {
    by: 'searchKnowledge',
    under: 'input',
    as: { text: 'query', topK: 'limit' },
    except: RAG_OWN,
  },
};

type Schema = { [key: string]: unknown };

/** A schema without its words for people (descriptions, examples, titles): what validation reads. */
function rules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rules);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (['description', 'examples', 'example', 'title', 'default'].includes(key)) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([name, field]) => [name, rules(field)]))
        : rules(value);
  }
  return out;
}

function operations() {
  const byId = new Map<string, Schema>();
  for (const item of Object.values(publishedOpenApiDocument().paths as Record<string, Record<string, Schema>>)) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === 'object' && typeof operation.operationId === 'string') {
        byId.set(operation.operationId, operation);
      }
    }
  }
  return byId;
}

function body(operation: Schema | undefined): Schema {
  const content = (operation?.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined;
  const schema = content?.['application/json']?.schema as Schema | undefined;
  assert.ok(schema, 'a JSON request body');
  return schema;
}

/** The operation ids test/schemathesis.toml turns the coverage phase off for. */
function coverageOff(ids: string[]): string[] {
  const toml = readFileSync(path.resolve(__dirname, '../../../../test/schemathesis.toml'), 'utf8');
  const off = new Set<string>();
  for (const block of toml.split('[[operations]]').slice(1)) {
    if (!/^phases\.coverage\.enabled = false$/m.test(block)) continue;
    const id = /^include-operation-id = "([^"]+)"$/m.exec(block)?.[1];
    const pattern = /^include-operation-id-regex = "([^"]+)"$/m.exec(block)?.[1];
    for (const candidate of ids) {
      if (candidate === id || (pattern && new RegExp(pattern).test(candidate))) off.add(candidate);
    }
  }
  return [...off].sort();
}

describe("schemathesis's coverage phase: operations another one's coverage stands for", () => {
  const byId = operations();

  it('are exactly the ones the file turns it off for, each stood for by one whose coverage runs', () => {
    assert.deepEqual(coverageOff([...byId.keys()]), Object.keys(COVERED_BY).sort());
    for (const [id, { by }] of Object.entries(COVERED_BY)) assert.ok(!(by in COVERED_BY), `${id}: ${by}'s is off`);
  });

  for (const [id, { by, under, as = {}, except = {} }] of Object.entries(COVERED_BY)) {
    const but = Object.keys(except).length > 0 ? ` but ${Object.keys(except).join(', ')}` : '';
    it(`${id}: every body field is ${by}'s field, with the same rules${but}`, () => {
      assert.ok(byId.has(id), `${id} is an operation`);
      const own = under ? ((body(byId.get(id)).properties as Schema)[under] as Schema) : body(byId.get(id));
      const theirs = body(byId.get(by));
      const ownFields = own.properties as Schema;
      const theirFields = theirs.properties as Schema;
      const theirName = (name: string) => as[name] ?? name;
      for (const [own_, field] of Object.entries(ownFields)) {
        const name = theirName(own_);
        if (own_ in except) {
          // Its own (the other has no such field) or still different (else the exception is stale), and its test
          // is where the list says.
          if (name in theirFields) {
            assert.notDeepEqual(rules(field), rules(theirFields[name]), `${id}: ${own_} is now checked as in ${by}`);
          }
          const [file, title] = (except[own_] as string).split(': ');
          const source = readFileSync(path.resolve(__dirname, '../../../..', file as string), 'utf8');
          // A test that runs (`it(`, not `it.skip(`) whose title starts so.
          const escaped = (title as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          assert.match(source, new RegExp(`^\\s*it\\(\\s*["'\`]${escaped}`, 'm'), `${file} has no test "${title}"`);
          continue;
        }
        assert.ok(name in theirFields, `${by} has no field ${name}`);
        assert.deepEqual(rules(field), rules(theirFields[name]), `${id}: ${own_} is checked as ${by}'s ${name}`);
      }
      for (const name of [...Object.keys(except), ...Object.keys(as)]) {
        assert.ok(name in ownFields, `${id} has no field ${name}`);
      }
      assert.equal(own.additionalProperties, theirs.additionalProperties, 'unknown fields are refused alike');
      for (const name of ((own.required as string[] | undefined) ?? []).map(theirName)) {
        assert.ok(((theirs.required as string[] | undefined) ?? []).includes(name), `${name} is required in ${by} too`);
      }
    });
  }
});
