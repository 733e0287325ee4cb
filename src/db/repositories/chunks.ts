// An item's chunks as the chunks API sees and changes them (migration 0019_chunk_control): the page of an
// item's chunks in order, one chunk, a change of its text (with its new vector) or of `enabled`, and a chunk
// added by hand at a position. Every query names the workspace and the item, and takes only the chunks of the
// item's current version (migration 0020_versions): an earlier version's chunks, with their edits, come back
// only when that version is restored.
import { randomUUID } from 'node:crypto';
import type { EmbeddingTextScheme } from '../../domain/embeddingText';
import type { Tx } from '../knex';
import { toVectorLiteral } from './search';
import { assertLiveModel } from './embeddingSpace';

export type ChunkOrigin = 'extracted' | 'manual';

export interface ChunkRow {
  id: string;
  knowledge_id: string;
  /** The chunk's place in its item, from 0 (the API's position). */
  chunk_index: number;
  page_number: number;
  content: string;
  /** The section headings it starts under (migration 0035); null: none, and for a chunk added by hand. */
  heading_path: string[] | null;
  enabled: boolean;
  origin: ChunkOrigin;
  /** When its text was last edited by hand; null: never. */
  edited_at: Date | null;
  created_at: Date;
}

const proseOf = (db: Tx, v: ChunkVector) => (v.prose ? db.raw('?::halfvec', [toVectorLiteral(v.prose)]) : null);

/** A vector for a chunk's text, the model that made it and what it was computed from (domain/embeddingText). */
export interface ChunkVector {
  vector: number[];
  /** The prose vector (`header-mix`: domain/embeddingText); absent under the other schemes. */
  prose?: number[];
  model: string;
  modelVersion: string;
  textScheme: EmbeddingTextScheme;
}

const COLUMNS = [
  'id',
  'knowledge_id',
  'chunk_index',
  'page_number',
  'content',
  'heading_path',
  'enabled',
  'origin',
  'edited_at',
  'created_at',
] as const;

/** The item's current version, as a subquery (one statement with the read or write that uses it). */
const currentVersion = (db: Tx, workspaceId: string, knowledgeId: string) =>
  db('knowledge').select('current_version').where({ workspace_id: workspaceId, id: knowledgeId });

const ofItem = (db: Tx, workspaceId: string, knowledgeId: string) =>
  db('knowledge_chunks')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .andWhere('version', currentVersion(db, workspaceId, knowledgeId));

/** A page of the item's chunks in order, and how many it has. */
export async function listChunks(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ChunkRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    ofItem(db, workspaceId, knowledgeId)
      .select(...COLUMNS)
      .orderBy('chunk_index')
      .offset(page.offset)
      .limit(page.limit) as Promise<ChunkRow[]>,
    ofItem(db, workspaceId, knowledgeId).count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function findChunk(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  chunkId: string,
): Promise<ChunkRow | undefined> {
  return ofItem(db, workspaceId, knowledgeId)
    .andWhere('id', chunkId)
    .first(...COLUMNS) as Promise<ChunkRow | undefined>;
}

/**
 * Changes a chunk in one statement: a new text with its vector (its tsvector follows, a generated column) and
 * the edit's time, and/or `enabled`. Undefined when the chunk is not the item's.
 */
export async function updateChunk(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  chunkId: string,
  change: { text?: { content: string; embedding: ChunkVector }; enabled?: boolean },
): Promise<ChunkRow | undefined> {
  const set: Record<string, unknown> = {};
  if (change.enabled !== undefined) set.enabled = change.enabled;
  if (change.text) {
    set.content = change.text.content;
    set.embedding = db.raw('?::vector', [toVectorLiteral(change.text.embedding.vector)]);
    set.embedding_model = change.text.embedding.model;
    set.embedding_model_version = change.text.embedding.modelVersion;
    set.embedding_text_scheme = change.text.embedding.textScheme;
    set.embedding_prose = proseOf(db, change.text.embedding);
    set.edited_at = db.fn.now();
    // A re-embed under way builds this text's vectors again (its catch-up takes chunks without one).
    set.embedding_next = null;
    set.embedding_next_prose = null;
  }
  const [row] = (await ofItem(db, workspaceId, knowledgeId)
    .andWhere('id', chunkId)
    .update(set)
    .returning([...COLUMNS])) as ChunkRow[];
  if (row && change.text) await assertLiveModel(db, change.text.embedding.modelVersion);
  return row;
}

/** Chunks of the item's current version changed by hand: added, edited or disabled. */
export async function countManualEdits(db: Tx, workspaceId: string, knowledgeId: string): Promise<number> {
  const [row] = (await ofItem(db, workspaceId, knowledgeId)
    .andWhere((q) => q.where('origin', 'manual').orWhereNotNull('edited_at').orWhere('enabled', false))
    .count({ n: '*' })) as Array<{ n: string | number }>;
  return Number(row?.n ?? 0);
}

/** Chunks added by hand to the item's current version. */
export async function countManualChunks(db: Tx, workspaceId: string, knowledgeId: string): Promise<number> {
  const [row] = (await ofItem(db, workspaceId, knowledgeId).andWhere('origin', 'manual').count({ n: '*' })) as Array<{
    n: string | number;
  }>;
  return Number(row?.n ?? 0);
}

/**
 * Inserts a manual chunk at `position` (from 0; past the end: last), moving the chunks from there one place on.
 * It takes the page of the chunk it lands before (of the last chunk when it is last; 1 without chunks), and the
 * item's current version; only that version's chunks move. The caller holds the item's row lock, so no other
 * insert moves the same chunks and no version switch happens meanwhile.
 */
export async function insertManualChunk(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  input: { position?: number; content: string; embedding: ChunkVector },
): Promise<ChunkRow> {
  const [last] = (await ofItem(db, workspaceId, knowledgeId)
    .select('chunk_index', 'page_number')
    .orderBy('chunk_index', 'desc')
    .limit(1)) as Array<{ chunk_index: number; page_number: number }>;
  const end = last ? last.chunk_index + 1 : 0;
  const index = Math.min(input.position ?? end, end);
  const next = (await ofItem(db, workspaceId, knowledgeId)
    .where('chunk_index', '>=', index)
    .orderBy('chunk_index')
    .first('page_number')) as { page_number: number } | undefined;
  if (index < end) {
    // Two steps: (knowledge_id, version, chunk_index) is unique and checked row by row, so the moved chunks go through
    // negative indexes (-i - 2) and then to i + 1.
    await ofItem(db, workspaceId, knowledgeId)
      .where('chunk_index', '>=', index)
      .update({ chunk_index: db.raw('-chunk_index - 2') });
    await ofItem(db, workspaceId, knowledgeId)
      .where('chunk_index', '<', 0)
      .update({ chunk_index: db.raw('-chunk_index - 1') });
  }
  const [row] = (await db('knowledge_chunks')
    .insert({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      version: currentVersion(db, workspaceId, knowledgeId),
      chunk_index: index,
      page_number: next?.page_number ?? last?.page_number ?? 1,
      content: input.content,
      embedding: db.raw('?::vector', [toVectorLiteral(input.embedding.vector)]),
      embedding_model: input.embedding.model,
      embedding_model_version: input.embedding.modelVersion,
      embedding_text_scheme: input.embedding.textScheme,
      embedding_prose: proseOf(db, input.embedding),
      origin: 'manual',
    })
    .returning([...COLUMNS])) as ChunkRow[];
  await assertLiveModel(db, input.embedding.modelVersion);
  return row!;
}

/** How many chunks the item's current version has, and how many of them search reads (enabled). */
export async function countChunks(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
): Promise<{ total: number; enabled: number }> {
  const [row] = await ofItem(db, workspaceId, knowledgeId).select(
    db.raw('count(*)::int AS total'),
    db.raw('count(*) FILTER (WHERE enabled)::int AS enabled'),
  );
  return { total: Number(row?.total ?? 0), enabled: Number(row?.enabled ?? 0) };
}
