// The one-row embedding_space table and the chunk column's vector type it fixes (set once per deployment).
import type { EmbeddingTextScheme } from '../../domain/embeddingText';
import type { Db, Tx } from '../knex';
import { NEXT_PROSE_MISSING, NEXT_PROSE_MISSING_INDEX, PROSE_MISSING } from '../migrations/0038_prose_vectors';
import { toVectorLiteral } from './search';

export interface EmbeddingSpaceRow {
  dimension: number;
  provider: string;
  model: string;
  model_version: string;
}

/** The recorded space, read under a lock that holds off a concurrent first start until the transaction ends. */
export async function lockEmbeddingSpace(trx: Tx): Promise<EmbeddingSpaceRow | undefined> {
  await trx.raw('LOCK TABLE embedding_space IN SHARE ROW EXCLUSIVE MODE');
  return (await trx('embedding_space').where({ id: 1 }).first()) as EmbeddingSpaceRow | undefined;
}

/**
 * Gives the chunk column its dimension and HNSW index and records the space. `dimension` must be a validated
 * integer: DDL cannot take bind parameters.
 */
export async function createEmbeddingSpace(trx: Tx, space: EmbeddingSpaceRow): Promise<void> {
  // The chunk's own vector and its prose vector (migration 0038_prose_vectors, at half precision).
  for (const [column, type] of [
    ['embedding', 'vector'],
    ['embedding_prose', 'halfvec'],
  ]) {
    await trx.raw(`ALTER TABLE knowledge_chunks ALTER COLUMN ${column} TYPE ${type}(${space.dimension})`);
    // A type change resets the storage to the type's default (EXTERNAL): vectors stay in the row, or an
    // exact scan reads TOAST pages for every chunk (migration 0009_hybrid_search).
    await trx.raw(`ALTER TABLE knowledge_chunks ALTER COLUMN ${column} SET STORAGE MAIN`);
  }
  for (const [index, column, ops] of HNSW_INDEXES) await createHnswIndex(trx, index, column, ops);
  await trx('embedding_space').insert({ id: 1, ...space });
}

/** The live vector columns' HNSW indexes. */
const HNSW_INDEXES = [
  ['knowledge_chunks_embedding_hnsw', 'embedding', 'vector_cosine_ops'],
  ['knowledge_chunks_embedding_prose_hnsw', 'embedding_prose', 'halfvec_cosine_ops'],
] as const;

/** The re-embed's (created before the switch, which swaps them with the live ones by name). */
const NEXT_HNSW_INDEXES = [
  ['knowledge_chunks_embedding_next_hnsw', 'embedding_next', 'vector_cosine_ops'],
  ['knowledge_chunks_embedding_next_prose_hnsw', 'embedding_next_prose', 'halfvec_cosine_ops'],
] as const;

/** The names are the constants above, never input. */
async function createHnswIndex(db: Db | Tx, index: string, column: string, ops: string): Promise<void> {
  await db.raw(
    `CREATE INDEX IF NOT EXISTS ${index} ON knowledge_chunks USING hnsw (${column} ${ops}) WITH (m = 16, ef_construction = 64)`,
  );
}

/** Vectors of a model that is no longer live were refused (a re-embed switched meanwhile): embed them again. */
export class EmbeddingModelSwitchedError extends Error {
  constructor(modelVersion: string) {
    super(`The embedding model ${modelVersion} is no longer live; the vectors were not stored`);
    this.name = 'EmbeddingModelSwitchedError';
  }
}

/**
 * After a write of vectors in this transaction (its row locks make a re-embed's switch wait for it): refuses
 * them when the switch committed first and their model is no longer the live one.
 */
export async function assertLiveModel(trx: Tx, modelVersion: string): Promise<void> {
  const space = await readEmbeddingSpace(trx);
  if (space && space.model_version !== modelVersion) throw new EmbeddingModelSwitchedError(modelVersion);
}

/** The space as recorded (no lock). */
export async function readEmbeddingSpace(db: Db | Tx): Promise<EmbeddingSpaceRow | undefined> {
  return (await db('embedding_space').where({ id: 1 }).first()) as EmbeddingSpaceRow | undefined;
}

export interface ReembedRow extends EmbeddingSpaceRow {
  status: 'building' | 'switched';
}

export async function readReembed(db: Db | Tx): Promise<ReembedRow | undefined> {
  return (await db('embedding_reembed').where({ id: 1 }).first()) as ReembedRow | undefined;
}

/**
 * Starts filling embedding_next for `target`: a fresh vector(D) column (dropping and adding a column is a
 * catalogue change, no table rewrite) unless a re-embed to this very model version is already building, whose
 * vectors are kept (a retried or restarted begin). `target.dimension` must be a validated integer (DDL).
 */
export async function beginReembedColumn(trx: Tx, target: EmbeddingSpaceRow): Promise<'resumed' | 'started'> {
  await trx.raw('LOCK TABLE embedding_reembed IN SHARE ROW EXCLUSIVE MODE');
  const current = await readReembed(trx);
  if (current?.status === 'building' && current.model_version === target.model_version) return 'resumed';
  await resetNextColumns(trx, target.dimension);
  // In the row, as the live column (migration 0009_hybrid_search), so the swapped-in column reads alike.
  await trx.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding_next SET STORAGE MAIN');
  await trx.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding_next_prose SET STORAGE MAIN');
  await trx('embedding_reembed')
    .insert({ id: 1, ...target, status: 'building', started_at: trx.fn.now(), switched_at: null })
    .onConflict('id')
    .merge();
  return 'started';
}

/**
 * The next chunks by id after `afterId`: all of them, or (`onlyMissing`) those without a vector of the model
 * being built.
 */
export async function nextChunksToReembed(
  db: Db,
  afterId: string | undefined,
  limit: number,
  onlyMissing: boolean,
  /** The scheme keeps prose vectors: a chunk without a next prose vector is missing too. */
  prose = false,
): Promise<Array<{ id: string; content: string; title: string | null; heading_path: string[] | null }>> {
  // The item's title and the chunk's headings: the embedded text may carry them (domain/embeddingText).
  const q = db('knowledge_chunks as c')
    .join('knowledge as k', 'k.id', 'c.knowledge_id')
    .select('c.id', 'c.content', 'k.title', 'c.heading_path')
    .orderBy('c.id')
    .limit(limit);
  if (onlyMissing)
    q.where((w) =>
      prose ? w.whereNull('c.embedding_next').orWhereNull('c.embedding_next_prose') : w.whereNull('c.embedding_next'),
    );
  if (afterId) q.andWhere('c.id', '>', afterId);
  return q;
}

/**
 * Takes knowledge_chunks' ROW EXCLUSIVE lock at the start of a transaction that reads chunks FOR UPDATE and then
 * writes them: a re-embed's switch (SHARE ROW EXCLUSIVE, then ACCESS EXCLUSIVE) then waits for it, or it for the
 * switch, instead of each holding what the other waits for.
 */
export async function lockChunksForWrite(trx: Tx): Promise<void> {
  await trx.raw('LOCK TABLE knowledge_chunks IN ROW EXCLUSIVE MODE');
}

/**
 * Writes vectors of the model being built (an overwrite: a retried batch writes the same vectors again), each only
 * while its chunk still has the text it was embedded from (`expected`: chunk id -> the content read and, under a
 * scheme that embeds titles, its item's title): a chunk edited, a link renamed or (`title` given) an item renamed
 * meanwhile is left without them, for the catch-up round to build again (services/knowledge/titleVectors.ts). The
 * items' rows are locked (shared) first when titles are checked, so a rename waits for the write or it for the
 * rename; knowledge_chunks' ROW EXCLUSIVE lock is taken first (no lock upgrade against the switch).
 */
export async function setNextVectors(
  db: Db,
  vectors: Array<{ id: string; vector: number[]; prose?: number[] }>,
  model: { model: string; modelVersion: string },
  textScheme: EmbeddingTextScheme,
  expected: ReadonlyMap<string, { content: string; title?: string | null }>,
): Promise<void> {
  if (vectors.length === 0) return;
  const ids = `{${vectors.map((v) => v.id).join(',')}}`;
  const checkTitles = [...expected.values()].some((e) => e.title !== undefined);
  const texts = JSON.stringify(Object.fromEntries(expected));
  await db.transaction(async (trx) => {
    await lockChunksForWrite(trx);
    if (checkTitles) {
      await trx.raw(
        `SELECT k.id FROM knowledge AS k
          WHERE k.id IN (SELECT c.knowledge_id FROM knowledge_chunks AS c WHERE c.id = ANY(?::uuid[]))
          ORDER BY k.id FOR SHARE`,
        [ids],
      );
    }
    await trx.raw(
      `UPDATE knowledge_chunks AS c
          SET embedding_next = v.embedding::vector, embedding_next_model = ?, embedding_next_model_version = ?,
              embedding_next_text_scheme = ?, embedding_next_prose = v.prose::halfvec
         FROM unnest(?::uuid[], ?::text[], ?::text[]) AS v(id, embedding, prose),
              (SELECT ?::jsonb AS texts) AS e
        WHERE c.id = v.id
          AND c.content = (e.texts -> c.id::text ->> 'content')
          AND ((e.texts -> c.id::text -> 'title') IS NULL
               OR (e.texts -> c.id::text ->> 'title') = (SELECT k.title FROM knowledge AS k WHERE k.id = c.knowledge_id))`,
      [
        model.model,
        model.modelVersion,
        textScheme,
        ids,
        vectorArrayLiteral(vectors.map((v) => v.vector)),
        vectorArrayLiteral(vectors.map((v) => v.prose)),
        texts,
      ],
    );
  });
}

/**
 * Vectors as one text[] literal (knex would expand a JS array binding into a list of parameters); a missing
 * one is NULL.
 */
export const vectorArrayLiteral = (vectors: ReadonlyArray<number[] | undefined>): string =>
  `{${vectors.map((v) => (v ? `"${toVectorLiteral(v)}"` : 'NULL')).join(',')}}`;

/**
 * Chunks whose live vector was computed under another text scheme than `scheme` (domain/embeddingText): what a
 * re-embed would change. A full count: for the operator's status, not for a request path.
 */
export async function countOtherTextScheme(db: Db, scheme: EmbeddingTextScheme): Promise<number> {
  const row = await db('knowledge_chunks')
    .count('* as n')
    .whereNotNull('embedding')
    .andWhereRaw('embedding_text_scheme IS DISTINCT FROM ?', [scheme])
    .first();
  return Number(row?.n ?? 0);
}

/** Chunks with a vector of the model being built, of all chunks (of one workspace's, when named). */
export async function countReembedProgress(
  db: Db | Tx,
  workspaceId?: string,
  /** The scheme keeps prose vectors: a chunk is done when it has both next vectors. */
  prose = false,
): Promise<{ done: number; total: number }> {
  const q = db('knowledge_chunks')
    .count('* as total')
    .select(
      db.raw(
        prose
          ? 'count(*) FILTER (WHERE embedding_next IS NOT NULL AND embedding_next_prose IS NOT NULL) AS done'
          : 'count(embedding_next) AS done',
      ),
    );
  if (workspaceId) void q.where({ workspace_id: workspaceId });
  const row = (await q.first()) as {
    total: string;
    done: string;
  };
  return { done: Number(row.done), total: Number(row.total) };
}

/** The HNSW index of the column being built (before the switch, so search never runs without one). */
export async function createNextVectorIndex(db: Db): Promise<void> {
  for (const [index, column, ops] of NEXT_HNSW_INDEXES) await createHnswIndex(db, index, column, ops);
  // The twin of the partial index of chunks missing a prose vector, on the next columns: the switch trades their
  // names, so it scans nothing while it holds the table.
  await db.raw(NEXT_PROSE_MISSING_INDEX);
}

/**
 * The switch, in the caller's transaction: with writes to the chunks held off, when every chunk has a vector
 * of the new model, the two vector columns (and their model columns and indexes) trade names and the space
 * records the new model. Returns the chunks still missing a vector otherwise (nothing changes then), and all.
 */
export async function swapVectorColumns(
  trx: Tx,
  target: EmbeddingSpaceRow,
  prose = false,
): Promise<{ missing: number; total: number }> {
  await trx.raw('LOCK TABLE knowledge_chunks IN SHARE ROW EXCLUSIVE MODE');
  const { done, total } = await countReembedProgress(trx, undefined, prose);
  if (done < total) return { missing: total - done, total };
  for (const [a, b] of [
    ['embedding', 'embedding_next'],
    ['embedding_model', 'embedding_next_model'],
    ['embedding_model_version', 'embedding_next_model_version'],
    ['embedding_text_scheme', 'embedding_next_text_scheme'],
    ['embedding_prose', 'embedding_next_prose'],
  ] as const) {
    await trx.raw(`ALTER TABLE knowledge_chunks RENAME COLUMN ${a} TO kws_swap`);
    await trx.raw(`ALTER TABLE knowledge_chunks RENAME COLUMN ${b} TO ${a}`);
    await trx.raw(`ALTER TABLE knowledge_chunks RENAME COLUMN kws_swap TO ${b}`);
  }
  // Each index followed its columns: the next ones' indexes are now the live columns', and trade names.
  for (const [live, next] of [
    ...HNSW_INDEXES.map(([index], i) => [index, NEXT_HNSW_INDEXES[i]![0]] as const),
    [PROSE_MISSING, NEXT_PROSE_MISSING] as const,
  ]) {
    await trx.raw(`ALTER INDEX ${live} RENAME TO kws_swap_index`);
    await trx.raw(`ALTER INDEX ${next} RENAME TO ${live}`);
    await trx.raw(`ALTER INDEX kws_swap_index RENAME TO ${next}`);
  }
  await trx('embedding_space').where({ id: 1 }).update(target);
  await trx('embedding_reembed').where({ id: 1 }).update({ status: 'switched', switched_at: trx.fn.now() });
  return { missing: 0, total };
}

/** After the switch: the previous model's vectors go (a catalogue change: the column and its index). */
export async function dropPreviousVectors(db: Db): Promise<void> {
  await db.transaction(async (trx) => {
    await resetNextColumns(trx);
    await trx('embedding_reembed').where({ id: 1 }).delete();
  });
}

/**
 * Empties the next-vector columns by dropping and adding them: a catalogue change, no table rewrite. Of the
 * given dimension (a validated integer: DDL), or untyped.
 */
async function resetNextColumns(trx: Tx, dimension?: number): Promise<void> {
  const [type, proseType] = dimension ? [`vector(${dimension})`, `halfvec(${dimension})`] : ['vector', 'halfvec'];
  await trx.raw(
    `ALTER TABLE knowledge_chunks DROP COLUMN embedding_next, DROP COLUMN embedding_next_model,
       DROP COLUMN embedding_next_model_version, DROP COLUMN embedding_next_text_scheme,
       DROP COLUMN embedding_next_prose,
       ADD COLUMN embedding_next ${type}, ADD COLUMN embedding_next_model text,
       ADD COLUMN embedding_next_model_version text, ADD COLUMN embedding_next_text_scheme text,
       ADD COLUMN embedding_next_prose ${proseType}`,
  );
}
