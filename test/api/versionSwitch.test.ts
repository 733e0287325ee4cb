// Proof of the atomic switch: while a replacement is being indexed, 1,000 searches (semantic, keyword, hybrid
// and RAG passages) ask for a phrase only the old text holds and one only the new text holds. Every answer holds
// exactly one of the two: the old one until the switch, the new one after it, never both and never neither.
// The overlap is made, not timed: the embedding model used here holds the new version's second batch until the
// test lets it go, so the new version has chunks stored and embedded (but not current) while the first
// searches run.
import assert from 'node:assert/strict';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { accessHeaders, createTenant, type Tenant } from '../helpers/factories';
import { startStack, type TestStack } from '../helpers/stack';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const OLD_PHRASE = 'heron lighthouse';
const NEW_PHRASE = 'payroll reconciliation';
const OLD = `Harbour notes. The ${OLD_PHRASE} keeps its lamp burning over the granite quay.`;
/** More chunks than one embedding batch (EMBED_BATCH_CHUNKS), each holding the new phrase. */
const NEW = Array.from(
  { length: 80 },
  (_, i) => `Harbour ledger ${i + 1}: ${NEW_PHRASE} closes on the fifth business day.`,
).join('\n\n');
const QUERIES = [`harbour ${OLD_PHRASE}`, `harbour ${NEW_PHRASE}`];
const SEARCHES = 1000;
const BEFORE = 400;
const AFTER_AT_LEAST = 200;
const CONCURRENCY = 8;

/**
 * A stand-in model: every text and query has one vector (so a semantic answer is always the item, from
 * whichever version serves). Its second call with the new text waits for `release`.
 */
function gatedModel(dimension = 8) {
  const vector = () => Array.from({ length: dimension }, (_, i) => (i === 0 ? 1 : 0));
  let calls = 0;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const holding = new Promise<void>((r) => (held = r));
  const model: EmbeddingProvider = {
    name: 'test',
    model: 'switch-test',
    modelVersion: 'switch-test-v1',
    dimension,
    async embedDocuments(texts: string[]) {
      if (texts.some((t) => t.includes(NEW_PHRASE)) && ++calls > 1) {
        held();
        await released;
      }
      return texts.map(vector);
    },
    embedQuery: async () => vector(),
    close: async () => undefined,
  };
  return { model, release, holding };
}

type Phase = 'before' | 'during' | 'after';
interface Answer {
  what: string;
  old: boolean;
  new: boolean;
}

describe('version switch under concurrent searches', function () {
  this.timeout(180_000);
  let stack: TestStack;
  let gate: ReturnType<typeof gatedModel>;
  let tenant: Tenant;
  let headers: Record<string, string>;

  before(async () => {
    gate = gatedModel();
    stack = await startStack({
      embeddings: [gate.model],
      // Small chunks: the new text is many chunks, more than one embedding batch.
      env: { CHUNK_SIZE: '100', CHUNK_OVERLAP: '0' },
    });
    tenant = await createTenant(stack.deps.db);
    headers = (await accessHeaders(stack, tenant)).headers;
  });
  after(async () => {
    gate?.release();
    await stack?.close();
  });

  const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;

  async function job(jobId: string) {
    const res = await stack.request('POST', v1('/background-jobs'), { headers, json: { jobIds: [jobId] } });
    assert.equal(res.status, 200, res.text);
    return res.body.jobs[0] as { status: string };
  }

  /** The i-th search of the run: a mode and one of the two queries; what its answer holds. */
  async function search(i: number): Promise<Answer> {
    const query = QUERIES[i % 2]!;
    const mode = ['semantic', 'keyword', 'hybrid', 'rag'][Math.floor(i / 2) % 4]!;
    let texts: string[];
    if (mode === 'rag') {
      const res = await stack.request('POST', v1('/agent/rag'), { headers, json: { text: query, topK: 10 } });
      assert.equal(res.status, 200, res.text);
      texts = (res.body.knowledgeResults as Array<{ text: string }>).map((p) => p.text);
    } else {
      const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query, limit: 10, mode },
      });
      assert.equal(res.status, 200, res.text);
      texts = (res.body.results as Array<{ content: string }>).map((r) => r.content);
    }
    const all = texts.join('\n');
    return { what: `${mode} "${query}"`, old: all.includes(OLD_PHRASE), new: all.includes(NEW_PHRASE) };
  }

  /** Runs searches `from`..`to`-1, CONCURRENCY at a time. */
  async function searches(from: number, to: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = from; i < to; i += CONCURRENCY) {
      const batch = [];
      for (let j = i; j < Math.min(to, i + CONCURRENCY); j++) batch.push(search(j));
      answers.push(...(await Promise.all(batch)));
    }
    return answers;
  }

  function check(answers: Answer[], phase: Phase) {
    for (const a of answers) {
      assert.ok(a.old !== a.new, `${phase}: ${a.what} answers from exactly one version (old ${a.old}, new ${a.new})`);
      if (phase === 'before') assert.ok(a.old, `before the switch: ${a.what} answers from the old version`);
      if (phase === 'after') assert.ok(a.new, `after the switch: ${a.what} answers from the new version`);
    }
  }

  it('answers 1,000 searches from exactly one version: the old until the switch, then the new', async () => {
    const created = await stack.request('POST', v1('/knowledge/text'), {
      headers,
      json: { title: 'Harbour', content: OLD },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    while ((await job(created.body.jobId as string)).status === 'RUNNING') await sleep(50);
    check(await searches(0, 8), 'before');

    const replaced = await stack.request('PATCH', v1(`/knowledge/${id}`), { headers, json: { text: NEW } });
    assert.equal(replaced.status, 200, replaced.text);
    const jobId = `ingest-version:${tenant.workspaceId}:${id}:2`;
    await gate.holding;
    // The new version's first batch is stored and embedded beside the old version, which still serves.
    const stored = await stack.deps
      .db('knowledge_chunks')
      .where({ knowledge_id: id, version: 2 })
      .select(stack.deps.db.raw('count(*)::int as n'), stack.deps.db.raw('count(embedding)::int as embedded'));
    assert.ok(stored[0].n > stored[0].embedded && stored[0].embedded > 0, JSON.stringify(stored));

    const answers = { before: await searches(0, BEFORE), during: [] as Answer[], after: [] as Answer[] };
    check(answers.before, 'before');

    // Released: searches go on while the rest is embedded and the item switches.
    gate.release();
    let done = BEFORE;
    while ((await job(jobId)).status === 'RUNNING') {
      answers.during.push(...(await searches(done, done + CONCURRENCY)));
      done += CONCURRENCY;
    }
    assert.equal((await job(jobId)).status, 'COMPLETED');
    check(answers.during, 'during');
    const item = await stack.request('GET', v1(`/knowledge/${id}`), { headers });
    assert.equal(item.body.version, 2, item.text);

    answers.after = await searches(done, Math.max(SEARCHES, done + AFTER_AT_LEAST));
    check(answers.after, 'after');
    const total = answers.before.length + answers.during.length + answers.after.length;
    assert.ok(total >= SEARCHES, `${total} searches`);
  });
});
