import { randomUUID } from 'node:crypto';
import type { Tx } from '../knex';
import type { KnowledgeRow } from '../rows';

export async function insertKnowledge(
  db: Tx,
  workspaceId: string,
  input: {
    id?: string;
    parentId?: string | null;
    type: string;
    title: string;
    content?: string;
    url?: string | null;
    status?: string;
    sizeBytes?: number;
    storageKey?: string | null;
    mimetype?: string | null;
    filename?: string | null;
    language?: string | null;
    metadata?: Record<string, unknown>;
  },
): Promise<KnowledgeRow> {
  const [row] = await db<KnowledgeRow>('knowledge')
    .insert({
      id: input.id ?? randomUUID(),
      workspace_id: workspaceId,
      parent_id: input.parentId ?? null,
      type: input.type,
      title: input.title,
      content: input.content ?? '',
      url: input.url ?? null,
      status: input.status ?? 'COMPLETED',
      size_bytes: input.sizeBytes ?? 0,
      storage_key: input.storageKey ?? null,
      mimetype: input.mimetype ?? null,
      filename: input.filename ?? null,
      language: input.language ?? null,
      metadata: input.metadata ?? {},
    })
    .returning('*');
  return row!;
}

export async function findKnowledge(
  db: Tx,
  workspaceId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<KnowledgeRow | undefined> {
  const q = db<KnowledgeRow>('knowledge').where({ workspace_id: workspaceId, id });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

export async function listKnowledge(
  db: Tx,
  workspaceId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: KnowledgeRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db<KnowledgeRow>('knowledge')
      .where({ workspace_id: workspaceId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    db('knowledge').where({ workspace_id: workspaceId }).count<{ count: number }[]>({ count: '*' }),
  ]);
  return { rows, total: Number(count[0]?.count ?? 0) };
}

export async function hasChildren(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const row = await db('knowledge').where({ workspace_id: workspaceId, parent_id: id }).first('id');
  return row !== undefined;
}

export async function updateKnowledgeFields(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<KnowledgeRow, 'title' | 'language' | 'status' | 'message_error' | 'content' | 'url' | 'metadata'>
  >,
): Promise<number> {
  return db('knowledge')
    .where({ workspace_id: workspaceId, id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Deletes items (chunks, role/audience/category links cascade); returns their stored file keys. */
export async function deleteKnowledgeRows(db: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows: Array<{ storage_key: string | null }> = await db('knowledge')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .delete()
    .returning('storage_key');
  return rows.map((r) => r.storage_key).filter((k): k is string => !!k);
}

export interface ChunkInput {
  index: number;
  pageNumber: number;
  text: string;
}

/** Idempotent: re-running replaces chunk texts by index and drops chunks beyond the new count. */
export async function upsertChunks(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  chunks: ChunkInput[],
): Promise<void> {
  for (let i = 0; i < chunks.length; i += 500) {
    const batch = chunks.slice(i, i + 500).map((c) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      chunk_index: c.index,
      page_number: c.pageNumber,
      content: c.text,
      embedding: null,
    }));
    await db('knowledge_chunks')
      .insert(batch)
      .onConflict(['knowledge_id', 'chunk_index'])
      .merge(['page_number', 'content', 'embedding', 'embedding_model', 'embedding_model_version']);
  }
  await db('knowledge_chunks')
    .where({ knowledge_id: knowledgeId })
    .andWhere('chunk_index', '>=', chunks.length)
    .delete();
}

export async function chunkTexts(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  range: { from: number; to: number },
): Promise<Array<{ index: number; text: string; embedded: boolean }>> {
  const rows: Array<{ chunk_index: number; content: string; embedded: boolean }> = await db('knowledge_chunks')
    .select('chunk_index', 'content', db.raw('embedding IS NOT NULL AS embedded'))
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .andWhere('chunk_index', '>=', range.from)
    .andWhere('chunk_index', '<', range.to)
    .orderBy('chunk_index');
  return rows.map((r) => ({ index: r.chunk_index, text: r.content, embedded: r.embedded }));
}

export async function setChunkEmbeddings(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  vectors: Array<{ index: number; vector: number[] }>,
  model: { model: string; modelVersion: string },
): Promise<void> {
  for (const v of vectors) {
    await db('knowledge_chunks')
      .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, chunk_index: v.index })
      .update({
        embedding: db.raw('?::vector', [`[${v.vector.join(',')}]`]),
        embedding_model: model.model,
        embedding_model_version: model.modelVersion,
      });
  }
}
