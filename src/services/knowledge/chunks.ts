// The chunks API: an item's chunks read (as reading the item is scoped), a chunk's text edited (re-embedded) or
// turned off and on, and a chunk added by hand. A new text is embedded before the transaction, within a bound,
// and then text, vector and tsvector change in one statement, so no search ever sees a half-written chunk; a
// failed or late embedding leaves the chunk as it was (503).
import type { Db, Tx } from '../../db/knex';
import * as chunks from '../../db/repositories/chunks';
import type { ChunkRow, ChunkVector } from '../../db/repositories/chunks';
import * as knowledge from '../../db/repositories/knowledge';
import { EmbeddingModelSwitchedError } from '../../db/repositories/embeddingSpace';
import type { KnowledgeRow } from '../../db/rows';
import { carriesTitle } from '../../domain/embeddingText';
import { embedChunkVectors } from '../search/embeddingSpace';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { DbDeps, Deps } from '../deps';
import { knowledgeNotFound } from './knowledge';
import { checkTitle, TitleChangedError } from './titleVectors';

export const ChunkMessages = {
  invalidId: 'Invalid chunk ID format',
  notFound: 'Chunk not found',
  notCompleted: 'Chunks can be changed only while the item is COMPLETED (it is processing or failed)',
  embeddingFailed: 'The embedding model could not embed the text; nothing was changed, retry later',
  tooManyManual: 'The item already has as many manual chunks as allowed (MAX_MANUAL_CHUNKS_PER_ITEM)',
  titleChanged: "The item's title changed while the text was embedded; nothing was changed, send the request again",
} as const;

/** Seconds a client waits before retrying after the embedder failed. */
const EMBED_RETRY_AFTER_SECONDS = 5;

type ChunkDeps = Pick<Deps, 'db' | 'embeddings' | 'config' | 'logger'>;

/** A warning a replacement answers with: the current version's manual edits do not carry over to the new one. */
export interface ManualEditsDropped {
  code: 'MANUAL_EDITS_DROPPED';
  message: string;
  /** Chunks of the current version added, edited or disabled by hand. */
  chunks: number;
}

/** The warning for a replacement of the item, when its current version has manual edits (none: undefined). */
export async function manualEditsDropped(
  { db }: DbDeps,
  workspaceId: string,
  knowledgeId: string,
): Promise<ManualEditsDropped[] | undefined> {
  const n = await chunks.countManualEdits(db, workspaceId, knowledgeId);
  if (n === 0) return undefined;
  const message =
    `${n} chunk${n === 1 ? '' : 's'} of the current version added, edited or disabled by hand will not be in ` +
    'the new version; restoring the current version later brings them back';
  return [{ code: 'MANUAL_EDITS_DROPPED', message, chunks: n }];
}

/** A page of the item's chunks, in order (the caller loaded the item as reading it is scoped). */
export function listItemChunks(
  { db }: DbDeps,
  item: KnowledgeRow,
  page: { offset: number; limit: number },
): Promise<{ rows: ChunkRow[]; total: number }> {
  return chunks.listChunks(db, item.workspace_id, item.id, page);
}

/**
 * The text's vector, waiting at most half the request's time (the write and the answer take the rest); any
 * failure or a late answer is a 503 and nothing is written.
 */
async function embedWithin(
  deps: ChunkDeps,
  item: KnowledgeRow,
  text: string,
  headings: readonly string[] = [],
): Promise<ChunkVector> {
  const embeddings: EmbeddingProvider = deps.embeddings;
  const ms = Math.max(100, Math.floor(deps.config.limits.requestTimeoutMs / 2));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no embedding within ${ms} ms`)), ms);
  });
  const scheme = deps.config.embeddings.textScheme;
  const title = titleEmbedded(deps, item);
  const work = embedChunkVectors(scheme, (texts) => embeddings.embedDocuments(texts), [{ text, title, headings }]);
  work.catch(() => undefined); // a late failure after the timeout has answered
  try {
    const [vectors] = await Promise.race([work, late]);
    if (!vectors) throw new Error('the embedder answered no vector');
    return {
      ...vectors,
      model: embeddings.model,
      modelVersion: embeddings.modelVersion,
      textScheme: scheme,
    };
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message }, 'chunk embedding failed: chunk unchanged');
    throw embeddingUnavailable();
  } finally {
    clearTimeout(timer);
  }
}

const embeddingUnavailable = () =>
  new AppError(503, ChunkMessages.embeddingFailed, undefined, { 'Retry-After': String(EMBED_RETRY_AFTER_SECONDS) });

const requireCompleted = (item: Pick<KnowledgeRow, 'status'>) => {
  if (item.status !== 'COMPLETED') throw conflict(ChunkMessages.notCompleted, { code: 'item_not_ready' });
};

/**
 * Runs fn in a transaction holding the item's row lock, once the item is still there and COMPLETED: chunk writes
 * of one item are serialised (positions stay contiguous) and none lands on an item that ingestion took back.
 */
async function withCompletedItem<T>(
  db: Db,
  item: KnowledgeRow,
  fn: (trx: Tx) => Promise<T>,
  /** The title the text's vectors carry, if they carry one: written only while the item still has it. */
  embeddedTitle?: string | null,
): Promise<T> {
  try {
    return await db.transaction(async (trx) => {
      const current = await knowledge.findKnowledge(trx, item.workspace_id, item.id, { forUpdate: true });
      if (!current) throw knowledgeNotFound();
      requireCompleted(current);
      checkTitle(current, embeddedTitle);
      return fn(trx);
    });
  } catch (err) {
    if (err instanceof TitleChangedError) {
      throw conflict(ChunkMessages.titleChanged, {
        code: 'item_changed',
        hint: 'The item was renamed meanwhile (PUT …/reservedField); the same request now embeds the new title.',
      });
    }
    // A re-embed switched the live model between the embedding and the write: nothing was written.
    if (err instanceof EmbeddingModelSwitchedError) throw embeddingUnavailable();
    throw err;
  }
}

async function loadChunk(db: Db, item: KnowledgeRow, chunkId: string): Promise<ChunkRow> {
  if (!isUuid(chunkId)) {
    throw badRequest(ChunkMessages.invalidId, {
      code: 'invalid_field',
      pathParam: 'chunkId',
      hint: "chunkId is a chunk's id, a UUID: GET …/knowledge/{knowledgeId}/chunks lists them.",
    });
  }
  const row = await chunks.findChunk(db, item.workspace_id, item.id, chunkId);
  if (!row) throw notFound(ChunkMessages.notFound, { pathParam: 'chunkId' });
  return row;
}

/** PATCH: a new text (re-embedded) and/or enabled; answers the chunk as it now is. */
export async function updateChunk(
  deps: ChunkDeps,
  item: KnowledgeRow,
  chunkId: string,
  input: { text?: string; enabled?: boolean },
): Promise<ChunkRow> {
  const chunk = await loadChunk(deps.db, item, chunkId);
  requireCompleted(item);
  // An edited chunk stays under the headings it was extracted under.
  const embedding =
    input.text === undefined ? undefined : await embedWithin(deps, item, input.text, chunk.heading_path ?? []);
  const row = await withCompletedItem(
    deps.db,
    item,
    (trx) =>
      chunks.updateChunk(trx, item.workspace_id, item.id, chunkId, {
        ...(input.text !== undefined && embedding ? { text: { content: input.text, embedding } } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      }),
    embedding ? titleEmbedded(deps, item) : undefined,
  );
  if (!row) throw notFound(ChunkMessages.notFound, { pathParam: 'chunkId' });
  return row;
}

/** POST: a chunk added by hand at `position` (default: last), embedded and searchable at once. */
export async function addChunk(
  deps: ChunkDeps,
  item: KnowledgeRow,
  input: { text: string; position?: number },
): Promise<ChunkRow> {
  requireCompleted(item);
  // Checked before the embedding (which costs) and again under the item's lock (which decides).
  const withinCap = async (db: Tx) => {
    const manual = await chunks.countManualChunks(db, item.workspace_id, item.id);
    if (manual >= deps.config.versions.maxManualChunks) throw conflict(ChunkMessages.tooManyManual);
  };
  await withinCap(deps.db);
  const embedding = await embedWithin(deps, item, input.text);
  return withCompletedItem(
    deps.db,
    item,
    async (trx) => {
      await withinCap(trx);
      return chunks.insertManualChunk(trx, item.workspace_id, item.id, {
        content: input.text,
        embedding,
        ...(input.position !== undefined ? { position: input.position } : {}),
      });
    },
    titleEmbedded(deps, item),
  );
}

/** The title embedWithin put in a text's vectors: the item's, when the deployment's scheme carries it. */
const titleEmbedded = (deps: ChunkDeps, item: KnowledgeRow): string | null =>
  carriesTitle(deps.config.embeddings.textScheme) ? item.title : null;
