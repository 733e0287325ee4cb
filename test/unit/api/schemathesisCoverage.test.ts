// test/schemathesis.toml runs the coverage phase (every boundary and negative case a schema defines) once per
// request schema: an operation whose body fields are the same schemas as another operation's (built by the same
// field constructors and checked by the same validation) has its coverage phase off, and the other operation's
// coverage sends those cases. Each such operation is named here with the operation that stands for it; the test
// fails when their schemas drift apart, or when the file turns coverage off for an operation not named here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publishedOpenApiDocument } from '../../../src/api/published';

/** The operation whose coverage stands for each one whose coverage is off; `under`: the body field holding its input. */
const COVERED_BY: Record<string, { by: string; under?: string }> = {
  // The same route handler, mounted at the spec's path and at /v1.
  searchKnowledgeByTitleV1: { by: 'searchKnowledgeByTitle' },
  // Agent tools: the tool's input holds fields of the search and RAG requests.
  executeKnowledgeSearchTool: { by: 'searchKnowledge', under: 'input' },
  executeTitleSearchTool: { by: 'searchKnowledgeByTitle', under: 'input' },
  executeRagTool: { by: 'agentRag', under: 'input' },
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

  it('are exactly the ones the file turns it off for', () => {
    assert.deepEqual(coverageOff([...byId.keys()]), Object.keys(COVERED_BY).sort());
  });

  for (const [id, { by, under }] of Object.entries(COVERED_BY)) {
    it(`${id}: every body field is ${by}'s field, with the same rules`, () => {
      assert.ok(byId.has(id), `${id} is an operation`);
      const own = under ? ((body(byId.get(id)).properties as Schema)[under] as Schema) : body(byId.get(id));
      const theirs = body(byId.get(by));
      const ownFields = own.properties as Schema;
      const theirFields = theirs.properties as Schema;
      for (const [name, field] of Object.entries(ownFields)) {
        assert.ok(name in theirFields, `${by} has no field ${name}`);
        assert.deepEqual(rules(field), rules(theirFields[name]), `${id}: ${name} is checked as in ${by}`);
      }
      assert.equal(own.additionalProperties, theirs.additionalProperties, 'unknown fields are refused alike');
      for (const name of (own.required as string[] | undefined) ?? []) {
        assert.ok(((theirs.required as string[] | undefined) ?? []).includes(name), `${name} is required in ${by} too`);
      }
    });
  }
});
