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
import { setNextVectors } from '../../../src/db/repositories/embeddingSpace';
import type { AppError } from '../../../src/errors';
import { updateChunk } from '../../../src/services/knowledge/chunks';
import { embedItemChunks } from '../../../src/services/knowledge/ingestion';
import { createLink, linkChunkText } from '../../../src/services/knowledge/knowledge';
import { refreshTitleVectors } from '../../../src/services/knowledge/titleVectors';
import { embedChunkVectors } from '../../../src/services/search/embeddingSpace';
import { accessAuth, createWorkspace, type Workspace } from '../../helpers/actors';
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
  let ws: Workspace;

  before(async () => {
    stack = await getMediumStack();
    ws = await createWorkspace(stack.deps.db);
    workspaceId = ws.workspace.id;
  });

  const deps = (textScheme: DeploymentTextScheme) => ({
    db: stack.deps.db,
    embeddings: stack.deps.embeddings,
    textScheme,
  });
  const embed = (texts: string[]) => stack.deps.embeddings.embedDocuments(texts);

  /**
   * An item whose chunks (in each of `versions`, the last current) carry the vectors the scheme gives under
   * `title`, as ingestion writes them; `embedded: false` leaves them without vectors.
   */
  async function addItem(
    scheme: DeploymentTextScheme,
    title: string,
    opts: { versions?: number[]; embedded?: boolean } = {},
  ): Promise<string> {
    const { db, embeddings } = stack.deps;
    const versions = opts.versions ?? [1];
    const id = randomUUID();
    await db('knowledge').insert({
      id,
      workspace_id: workspaceId,
      type: 'STRING',
      title,
      content: 'runbook',
      status: 'COMPLETED',
      current_version: versions.at(-1),
    });
    for (const version of versions) {
      await db('knowledge_chunks').insert(
        CHUNKS.map((c, i) => ({
          id: randomUUID(),
          workspace_id: workspaceId,
          knowledge_id: id,
          version,
          chunk_index: i,
          page_number: 1,
          content: c.text,
          heading_path: c.headings.length ? c.headings : null,
        })),
      );
      if (opts.embedded === false) continue;
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
          version,
          scheme,
        ),
      );
    }
    return id;
  }

  /** Whether a chunk's prose vector is its own mixed with the header of `title` and its headings. */
  async function proseCarries(chunk: { own: number[]; prose: number[] | null }, title: string, i: number) {
    const [header] = await embed([headerText({ title, headings: CHUNKS[i]!.headings })]);
    return cosine(chunk.prose!, proseVector(chunk.own, header)) > 0.9999;
  }

  /** A provider that runs `during` once, after its first embedding (a change racing the vectors' write). */
  function racing(during: () => Promise<unknown>) {
    const embeddings = stack.deps.embeddings;
    let ran = false;
    return {
      provider: {
        ...embeddings,
        live: undefined, // this provider itself, not the live model's (which it wraps)
        embedDocuments: async (texts: string[]) => {
          const out = await embeddings.embedDocuments(texts);
          if (!ran) {
            ran = true;
            await during();
          }
          return out;
        },
      },
      ran: () => ran,
    };
  }

  async function stored(id: string, version = 1) {
    const rows: Array<{ own: string; prose: string | null; scheme: string }> = await stack.deps
      .db('knowledge_chunks')
      .select({ own: 'embedding', prose: 'embedding_prose', scheme: 'embedding_text_scheme' })
      .where({ knowledge_id: id, version })
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

  it("a link under chunk: its chunk's text carries its title, so its vector is embedded again", async () => {
    const { db } = stack.deps;
    const link = await createLink(stack.deps, accessAuth(ws), {
      url: 'https://docs.example/keys',
      title: 'Legacy deployment notes',
      metadata: { description: 'How keys are handled' },
    });
    const item = (await knowledge.findKnowledge(db, workspaceId, link.id))!;
    const before = await stored(link.id);
    // As the reserved-field update writes a rename: the title and the link's chunk text in one transaction.
    const text = linkChunkText('API key rotation runbook', item.metadata, item.url!);
    await db.transaction(async (trx) => {
      await trx('knowledge').where({ id: link.id }).update({ title: 'API key rotation runbook' });
      assert.equal(await knowledge.setLinkChunkText(trx, workspaceId, link.id, 1, text), true);
    });
    assert.equal(text, 'API key rotation runbook\nHow keys are handled\nhttps://docs.example/keys');
    assert.deepEqual(await refreshTitleVectors(deps('chunk'), { workspaceId, knowledgeId: link.id }), {
      state: 'refreshed',
      chunks: 1,
    });
    const [expected] = await embed([text]);
    const after = (await stored(link.id))[0]!;
    assert.ok(cosine(after.own, expected!) > 0.9999, 'the new text embedded');
    assert.ok(cosine(after.own, before[0]!.own) < 0.9999);
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
    const race = racing(() => rename(id, 'Incident response handbook'));
    const result = await refreshTitleVectors(
      { db: stack.deps.db, embeddings: race.provider, textScheme: 'header-mix' },
      { workspaceId, knowledgeId: id },
    );
    assert.equal(race.ran(), true);
    assert.deepEqual(result, { state: 'refreshed', chunks: 3 });
    const after = await stored(id);
    for (const i of [0, 1, 2]) assert.ok(await proseCarries(after[i]!, 'Incident response handbook', i), `chunk ${i}`);
  });

  it("a job for a title the item no longer has: superseded (the later change's job computes them)", async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    const before = await stored(id);
    await rename(id, 'Incident response handbook');
    assert.deepEqual(
      await refreshTitleVectors(deps('header-mix'), { workspaceId, knowledgeId: id, title: 'API key rotation' }),
      { state: 'superseded', chunks: 0 },
    );
    assert.deepEqual(await stored(id), before);
  });

  it('started inside the rename before it commits: waits for the commit and refreshes the new title', async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    const { db } = stack.deps;
    let refreshed: Promise<unknown> | undefined;
    await db.transaction(async (trx) => {
      await trx('knowledge').where({ id }).update({ title: 'API key rotation runbook' });
      // As the rename starts its job: the job's first read waits on the item's row until the commit.
      refreshed = refreshTitleVectors(deps('header-mix'), {
        workspaceId,
        knowledgeId: id,
        title: 'API key rotation runbook',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    assert.deepEqual(await refreshed, { state: 'refreshed', chunks: 3 });
    const after = await stored(id);
    for (const i of [0, 1, 2]) assert.ok(await proseCarries(after[i]!, 'API key rotation runbook', i), `chunk ${i}`);
  });

  it('every version with chunks: an earlier one a restore brings back carries the new title too', async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes', { versions: [1, 2] });
    await rename(id, 'API key rotation runbook');
    assert.deepEqual(
      await refreshTitleVectors(deps('header-mix'), {
        workspaceId,
        knowledgeId: id,
        title: 'API key rotation runbook',
      }),
      { state: 'refreshed', chunks: 6 },
    );
    for (const version of [1, 2]) {
      const after = await stored(id, version);
      for (const i of [0, 1, 2]) {
        assert.ok(await proseCarries(after[i]!, 'API key rotation runbook', i), `version ${version}, chunk ${i}`);
      }
    }
  });

  it("ingestion's write of vectors embedded before a rename: embedded again with the new title", async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes', { embedded: false });
    const race = racing(() => rename(id, 'API key rotation runbook'));
    const embedded = await embedItemChunks(
      { db: stack.deps.db, embeddings: stack.deps.embeddings, textScheme: 'header-mix' },
      workspaceId,
      id,
      { from: 0, to: 10 },
      (_provider, texts) => race.provider.embedDocuments(texts),
    );
    assert.equal(race.ran(), true);
    assert.equal(embedded, 3);
    const after = await stored(id);
    for (const i of [0, 1, 2]) assert.ok(await proseCarries(after[i]!, 'API key rotation runbook', i), `chunk ${i}`);
  });

  it('a chunk edit embedded before a rename: 409 item_changed, the chunk unchanged', async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    const before = await stored(id);
    const { db, config, logger } = stack.deps;
    const item = (await knowledge.findKnowledge(db, workspaceId, id))!;
    const chunk = await db('knowledge_chunks').where({ knowledge_id: id, chunk_index: 0 }).first();
    const race = racing(() => rename(id, 'API key rotation runbook'));
    await assert.rejects(
      updateChunk({ db, config, logger, embeddings: race.provider }, item, chunk.id, { text: 'Rotate keys yearly.' }),
      (err: AppError) => err.status === 409 && err.code === 'item_changed',
    );
    assert.deepEqual(await stored(id), before);
    // Sent again, it embeds the new title.
    const renamed = (await knowledge.findKnowledge(db, workspaceId, id))!;
    await updateChunk(stack.deps, renamed, chunk.id, { text: 'Rotate keys yearly.' });
    const [header] = await embed([headerText({ title: 'API key rotation runbook', headings: CHUNKS[0]!.headings })]);
    const [own] = await embed(['Rotate keys yearly.']);
    const after = (await stored(id))[0]!;
    assert.ok(cosine(after.prose!, proseVector(own!, header)) > 0.9999);
  });

  it("a re-embed's write of next vectors carrying a title the item no longer has: left for its catch-up", async () => {
    const id = await addItem('header-mix', 'Legacy deployment notes');
    const { db } = stack.deps;
    const rows: Array<{ id: string; content: string }> = await db('knowledge_chunks')
      .select('id', 'content')
      .where({ knowledge_id: id });
    const [v] = await embed(['anything']);
    const write = (title: string) =>
      setNextVectors(
        db,
        rows.map((r) => ({ id: r.id, vector: v!, prose: v! })),
        { model: 'next', modelVersion: 'next-1' },
        'header-mix',
        new Map(rows.map((r) => [r.id, { content: r.content, title }])),
      );
    const written = async () =>
      Number(
        (await db('knowledge_chunks').where({ knowledge_id: id }).whereNotNull('embedding_next').count({ n: '*' }))[0]!
          .n,
      );
    await rename(id, 'API key rotation runbook');
    await write('Legacy deployment notes');
    assert.equal(await written(), 0, 'the old title: nothing written');
    await write('API key rotation runbook');
    assert.equal(await written(), 3, 'the current title: written');
    await db('knowledge_chunks')
      .where({ knowledge_id: id })
      .update({ embedding_next: null, embedding_next_prose: null });
  });

  it('a deleted item: gone, nothing to do', async () => {
    assert.deepEqual(await refreshTitleVectors(deps('header-mix'), { workspaceId, knowledgeId: randomUUID() }), {
      state: 'gone',
      chunks: 0,
    });
  });
});
