// A title change reaches the vectors that carry the title (services/knowledge/titleVectors.ts), against the real
// pgvector and the real embedding model: under header-mix each chunk's prose vector is computed again from its
// stored own vector and the new header, under title each chunk's own vector is embedded again, under chunk
// nothing moves; a second change in the meantime, a deleted item and chunks of another scheme are handled.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as knowledge from '../../../src/db/repositories/knowledge';
import {
  HEADER_MIX_WEIGHT,
  headerText,
  proseVector,
  type DeploymentTextScheme,
} from '../../../src/domain/embeddingText';
import { refreshTitleVectors } from '../../../src/services/knowledge/titleVectors';
import { embedChunkVectors } from '../../../src/services/search/embeddingSpace';
import { createTenant } from '../../helpers/factories';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

const cosine = (a: number[], b: number[]) => {
  const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * (y[i] as number), 0);
  return dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
};

const CHUNKS = [
  { text: 'Keys are rotated every ninety days by the platform team.', headings: ['Rotation'] },
  { text: 'A revoked key stops working within a minute.', headings: ['Rotation', 'Revocation'] },
  { text: 'Ask the on-call engineer when a key leaks.', headings: [] },
];

describe('title change: the vectors that carry the title (refreshTitleVectors)', function () {
  this.timeout(60_000);
  let stack: MediumStack;
  let workspaceId: string;

  before(async () => {
    stack = await getMediumStack();
    workspaceId = (await createTenant(stack.deps.db)).workspaceId;
  });

  const deps = (textScheme: DeploymentTextScheme) => ({
    db: stack.deps.db,
    embeddings: stack.deps.embeddings,
    textScheme,
  });
  const embed = (texts: string[]) => stack.deps.embeddings.embedDocuments(texts);

  /** An item whose chunks carry the vectors the scheme gives under `title`, as ingestion writes them. */
  async function addItem(scheme: DeploymentTextScheme, title: string): Promise<string> {
    const { db, embeddings } = stack.deps;
    const id = randomUUID();
    await db('knowledge').insert({ id, workspace_id: workspaceId, type: 'STRING', title, content: 'runbook' });
    await db('knowledge_chunks').insert(
      CHUNKS.map((c, i) => ({
        id: randomUUID(),
        workspace_id: workspaceId,
        knowledge_id: id,
        chunk_index: i,
        page_number: 1,
        content: c.text,
        heading_path: c.headings.length ? c.headings : null,
      })),
    );
    const vectors = await embedChunkVectors(
      scheme,
      embed,
      CHUNKS.map((c) => ({ ...c, title })),
    );
    await db.transaction((trx) =>
      knowledge.setChunkEmbeddings(
        trx,
        workspaceId,
        id,
        vectors.map((v, i) => ({ index: i, ...v })),
        embeddings,
        1,
        scheme,
      ),
    );
    return id;
  }

  async function stored(id: string) {
    const rows: Array<{ own: string; prose: string | null; scheme: string }> = await stack.deps
      .db('knowledge_chunks')
      .select({ own: 'embedding', prose: 'embedding_prose', scheme: 'embedding_text_scheme' })
      .where({ knowledge_id: id })
      .orderBy('chunk_index');
    return rows.map((r) => ({
      own: JSON.parse(r.own) as number[],
      prose: r.prose ? (JSON.parse(r.prose) as number[]) : null,
      scheme: r.scheme,
    }));
  }

  const rename = (id: string, title: string) =>
    stack.deps.db('knowledge').where({ workspace_id: workspaceId, id }).update({ title });

  it('header-mix: each prose vector follows the new title and heading path; the own vectors stay', async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    const before = await stored(id);
    await rename(id, 'API key rotation runbook');
    const result = await refreshTitleVectors(deps('header-mix'), { workspaceId, knowledgeId: id });
    assert.deepEqual(result, { state: 'refreshed', chunks: 3 });
    const after = await stored(id);
    for (const [i, c] of CHUNKS.entries()) {
      const chunk = after[i]!;
      assert.deepEqual(chunk.own, before[i]!.own, `chunk ${i}: its own vector is the chunk's alone, unchanged`);
      assert.equal(chunk.scheme, 'header-mix');
      const [header] = await embed([headerText({ title: 'API key rotation runbook', headings: c.headings })]);
      const expected = proseVector(chunk.own, header, HEADER_MIX_WEIGHT);
      // Stored at half precision.
      assert.ok(cosine(chunk.prose!, expected) > 0.9999, `chunk ${i}: the prose vector of the new header`);
      assert.ok(cosine(chunk.prose!, before[i]!.prose!) < 0.9999, `chunk ${i}: not the old one`);
    }
  });

  it('title: each own vector is the new title and the chunk embedded again', async () => {
    const id = await addItem('title', 'Legacy deployment notes');
    await rename(id, 'API key rotation runbook');
    assert.deepEqual(await refreshTitleVectors(deps('title'), { workspaceId, knowledgeId: id }), {
      state: 'refreshed',
      chunks: 3,
    });
    const expected = await embedChunkVectors(
      'title',
      embed,
      CHUNKS.map((c) => ({ ...c, title: 'API key rotation runbook' })),
    );
    (await stored(id)).forEach((chunk, i) => {
      assert.ok(cosine(chunk.own, expected[i]!.vector) > 0.9999, `chunk ${i}`);
      assert.equal(chunk.prose, null);
    });
  });

  it('chunk: nothing carries the title, nothing is written', async () => {
    const id = await addItem('chunk', 'Legacy deployment notes');
    const before = await stored(id);
    await rename(id, 'API key rotation runbook');
    assert.deepEqual(await refreshTitleVectors(deps('chunk'), { workspaceId, knowledgeId: id }), {
      state: 'unchanged',
      chunks: 0,
    });
    assert.deepEqual(await stored(id), before);
  });

  it('header-mix leaves chunks embedded under another scheme to a re-embed', async () => {
    const id = await addItem('title', 'Legacy deployment notes');
    const before = await stored(id);
    await rename(id, 'API key rotation runbook');
    assert.deepEqual(await refreshTitleVectors(deps('header-mix'), { workspaceId, knowledgeId: id }), {
      state: 'refreshed',
      chunks: 0,
    });
    assert.deepEqual(await stored(id), before);
  });

  it('a second title change while the vectors are computed: they end on the newest title', async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    await rename(id, 'API key rotation runbook');
    // The second change lands after the refresh read the item (its header vectors are embedded from the first
    // title), before it writes: the write sees the change under the item's lock and starts over.
    const embeddings = stack.deps.embeddings;
    let renamed = false;
    const racing = {
      ...embeddings,
      live: undefined, // this provider itself, not the live model's (which it wraps)
      embedDocuments: async (texts: string[]) => {
        const out = await embeddings.embedDocuments(texts);
        if (!renamed) {
          renamed = true;
          await rename(id, 'Incident response handbook');
        }
        return out;
      },
    };
    const result = await refreshTitleVectors(
      { db: stack.deps.db, embeddings: racing, textScheme: 'header-mix' },
      { workspaceId, knowledgeId: id },
    );
    assert.equal(renamed, true);
    assert.deepEqual(result, { state: 'refreshed', chunks: 3 });
    const after = await stored(id);
    const [newest] = await embed([headerText({ title: 'Incident response handbook', headings: CHUNKS[2]!.headings })]);
    assert.ok(cosine(after[2]!.prose!, proseVector(after[2]!.own, newest)) > 0.9999, 'the newest title');
  });

  it('a deleted item: gone, nothing to do', async () => {
    assert.deepEqual(await refreshTitleVectors(deps('header-mix'), { workspaceId, knowledgeId: randomUUID() }), {
      state: 'gone',
      chunks: 0,
    });
  });
});
