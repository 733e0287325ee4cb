import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Tx } from '../knex';
import type { KnowledgeRow, KnowledgeVersionRow, SourceVisibility } from '../rows';
import type { Attributes } from '../../domain/filter';
import type { EmbeddingTextScheme } from '../../domain/embeddingText';
import { EmbeddingModelSwitchedError, vectorArrayLiteral } from './embeddingSpace';
import { attributesOnInsert } from './itemFilter';
export { replaceAttributes } from './itemFilter';
import type { AccessFilter } from '../../domain/access';
import { applyAccessFilter } from './search';
import { listedItemColumns } from './listedItems';
import { insertVersion, versionStorageKeys } from './versions';

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
    spaceId?: string | null;
    sourceVisibility?: SourceVisibility;
    language?: string | null;
    metadata?: Record<string, unknown>;
    attributes?: Attributes;
    externalId?: string | null;
    /** SHA-256 of what the item is created with (its version 1's hash). */
    contentHash?: string | null;
    /**
     * Bytes of what the item is created with (its version 1's size), when it is not a stored file: a text's.
     * A file's is sizeBytes.
     */
    contentBytes?: number;
    /** The kind of credential that made the item (its version 1's createdBy); null: none (the admin CLI). */
    createdBy: string | null;
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
      space_id: input.spaceId ?? null,
      source_visibility: input.sourceVisibility ?? 'source',
      language: input.language ?? null,
      metadata: input.metadata ?? {},
      attributes: attributesOnInsert(db, workspaceId, input.parentId, input.attributes),
      external_id: input.externalId ?? null,
    })
    .returning('*');
  // Every item starts as version 1: what it was created with.
  await insertVersion(db, workspaceId, row!.id, {
    number: 1,
    status: row!.status === 'COMPLETED' ? 'COMPLETED' : 'PROCESSING',
    storage_key: row!.storage_key,
    mimetype: row!.mimetype,
    filename: row!.filename,
    size_bytes: input.contentBytes ?? row!.size_bytes,
    content_hash: input.contentHash ?? null,
    created_by: input.createdBy,
  });
  return row!;
}

/** The workspace's item with this external id, if any. */
export async function findByExternalId(
  db: Tx,
  workspaceId: string,
  externalId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<KnowledgeRow | undefined> {
  const q = db<KnowledgeRow>('knowledge').where({ workspace_id: workspaceId, external_id: externalId });
  if (opts.forUpdate) void q.forUpdate();
  return q.first();
}

/** Which of these ids and external ids name items of the workspace: each found item's id and external id. */
export async function itemsNamed(
  db: Tx,
  workspaceId: string,
  names: { ids: readonly string[]; externalIds: readonly string[] },
): Promise<Array<{ id: string; external_id: string | null }>> {
  if (names.ids.length === 0 && names.externalIds.length === 0) return [];
  return db('knowledge')
    .where('workspace_id', workspaceId)
    .andWhere((q) => {
      if (names.ids.length > 0) void q.orWhereIn('id', [...names.ids]);
      if (names.externalIds.length > 0) void q.orWhereIn('external_id', [...names.externalIds]);
    })
    .select('id', 'external_id');
}

/** The version whose chunks the item serves (undefined once the item is gone). */
export async function currentVersionOf(db: Tx, workspaceId: string, id: string): Promise<number | undefined> {
  const row = await db('knowledge').where({ workspace_id: workspaceId, id }).first('current_version');
  return (row as { current_version: number } | undefined)?.current_version;
}

export async function findKnowledge(
  db: Tx,
  workspaceId: string,
  id: string,
  /** forShare: a lock that writes of the item's vectors share, and that a change of its title waits for. */
  opts: { forUpdate?: boolean; forShare?: boolean } = {},
): Promise<KnowledgeRow | undefined> {
  const q = db<KnowledgeRow>('knowledge').where({ workspace_id: workspaceId, id });
  if (opts.forUpdate) void q.forUpdate();
  else if (opts.forShare) void q.forShare();
  return q.first();
}

/** A page of the items the access filter lets through (and, when given, that match the metadata filter). */
export async function listKnowledge(
  db: Tx,
  workspaceId: string,
  page: { offset: number; limit: number; access: AccessFilter; metadata?: MetadataFilter; externalId?: string },
): Promise<{ rows: KnowledgeRow[]; total: number }> {
  const base = () => {
    const q = db('knowledge as k').where('k.workspace_id', workspaceId);
    if (page.externalId !== undefined) void q.andWhere('k.external_id', page.externalId);
    return applyAccessFilter(page.metadata ? whereMetadata(q, page.metadata) : q, db, page.access);
  };
  const [rows, count] = await Promise.all([
    base()
      .select(listedItemColumns(db))
      .orderBy([
        { column: 'k.created_at', order: 'desc' },
        { column: 'k.id', order: 'desc' },
      ])
      .offset(page.offset)
      .limit(page.limit),
    base().count<{ count: number }[]>({ count: '*' }),
  ]);
  return { rows: rows as KnowledgeRow[], total: Number(count[0]?.count ?? 0) };
}

/** The item if it exists and the access filter lets it through. */
export async function findVisibleKnowledge(
  db: Tx,
  workspaceId: string,
  id: string,
  access: AccessFilter,
): Promise<KnowledgeRow | undefined> {
  return (await applyAccessFilter(
    db('knowledge as k').where({ 'k.workspace_id': workspaceId, 'k.id': id }).select('k.*'),
    db,
    access,
  ).first()) as KnowledgeRow | undefined;
}

export async function hasChildren(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const row = await db('knowledge').where({ workspace_id: workspaceId, parent_id: id }).first('id');
  return row !== undefined;
}

/**
 * Updates the item's fields and its updated_at. The time it wrote, as microseconds since the epoch (a string: what
 * names this change of the item, a title change's job id), or undefined when no such item exists.
 */
export async function updateKnowledgeFields(
  db: Tx,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<
      KnowledgeRow,
      'title' | 'language' | 'status' | 'message_error' | 'content' | 'url' | 'metadata' | 'source_visibility'
    >
  >,
): Promise<string | undefined> {
  const [row] = (await db('knowledge')
    .where({ workspace_id: workspaceId, id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning(db.raw('(extract(epoch FROM updated_at) * 1000000)::bigint::text AS stamp'))) as Array<{
    stamp: string;
  }>;
  return row?.stamp;
}

/**
 * Makes a version the item's current one, with the content it brought (a file's key, type, name and size; a
 * text's content): from this update on, reads and searches take that version's chunks.
 */
export async function switchVersion(db: Tx, workspaceId: string, id: string, v: KnowledgeVersionRow): Promise<number> {
  return db('knowledge')
    .where({ workspace_id: workspaceId, id })
    .update({
      ...(v.storage_key
        ? { storage_key: v.storage_key, mimetype: v.mimetype, filename: v.filename, size_bytes: v.size_bytes }
        : {}),
      ...(v.text !== null ? { content: v.text } : {}),
      current_version: v.number,
      status: 'COMPLETED',
      message_error: null,
      updated_at: db.fn.now(),
    });
}

/** Deletes items (chunks, role/audience/category links cascade); returns their stored file keys. */
export async function deleteKnowledgeRows(db: Tx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  // The items' rows locked first (in id order), as a replacement locks its item to record a version: a version
  // recorded meanwhile is committed before its file's key is read here, never deleted with the item unread.
  await db('knowledge').where({ workspace_id: workspaceId }).whereIn('id', ids).orderBy('id').forUpdate().select('id');
  const versionKeys = await versionStorageKeys(db, workspaceId, ids);
  const rows: Array<{ storage_key: string | null }> = await db('knowledge')
    .where({ workspace_id: workspaceId })
    .whereIn('id', ids)
    .delete()
    .returning('storage_key');
  return [...new Set([...rows.map((r) => r.storage_key), ...versionKeys])].filter((k): k is string => !!k);
}

export interface ChunkInput {
  index: number;
  pageNumber: number;
  text: string;
  /** The section headings the chunk starts under (migration 0035); none: null. */
  headings?: string[];
}

/** What ingestion writes of the chunk controls (migration 0019): re-ingestion drops manual edits and disables. */
const EXTRACTED_CHUNK = { enabled: true, origin: 'extracted', edited_at: null } as const;
const CHUNK_CONTROL = Object.keys(EXTRACTED_CHUNK) as Array<keyof typeof EXTRACTED_CHUNK>;

/**
 * Idempotent: re-running replaces chunk texts by index and drops chunks beyond the new count, within one
 * version of the item (without one: its current version); the chunks' hand-made state (disabled, edited,
 * added) goes with them. A new version starts clean: manual edits belong to the version they were made on.
 */
export async function upsertChunks(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  chunks: ChunkInput[],
  version?: number,
): Promise<void> {
  const v = version ?? (await currentVersionOf(db, workspaceId, knowledgeId)) ?? 1;
  for (let i = 0; i < chunks.length; i += 500) {
    const batch = chunks.slice(i, i + 500).map((c) => ({
      id: randomUUID(),
      workspace_id: workspaceId,
      knowledge_id: knowledgeId,
      version: v,
      chunk_index: c.index,
      page_number: c.pageNumber,
      content: c.text,
      heading_path: c.headings?.length ? c.headings : null,
      embedding: null,
      embedding_text_scheme: null,
      embedding_prose: null,
      embedding_next: null,
      embedding_next_prose: null,
      ...EXTRACTED_CHUNK,
    }));
    await db('knowledge_chunks')
      .insert(batch)
      .onConflict(['knowledge_id', 'version', 'chunk_index'])
      // embedding_next: a re-embed under way (0018_reembedding) embeds the new text again.
      .merge([
        'page_number',
        'content',
        'heading_path',
        'embedding',
        'embedding_model',
        'embedding_model_version',
        'embedding_text_scheme',
        'embedding_prose',
        'embedding_next',
        'embedding_next_prose',
        ...CHUNK_CONTROL,
      ]);
  }
  await db('knowledge_chunks')
    .where({ knowledge_id: knowledgeId, version: v })
    .andWhere('chunk_index', '>=', chunks.length)
    .delete();
}

/** The chunks of [from, to) of an item version, with whether each has a vector. */
export async function chunkTexts(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  range: { from: number; to: number },
  version: number,
): Promise<Array<{ index: number; text: string; headings: string[]; embedded: boolean }>> {
  const rows: Array<{ chunk_index: number; content: string; heading_path: string[] | null; embedded: boolean }> =
    await db('knowledge_chunks')
      .select('chunk_index', 'content', 'heading_path', db.raw('embedding IS NOT NULL AS embedded'))
      .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version })
      .andWhere('chunk_index', '>=', range.from)
      .andWhere('chunk_index', '<', range.to)
      .orderBy('chunk_index');
  return rows.map((r) => ({
    index: r.chunk_index,
    text: r.content,
    headings: r.heading_path ?? [],
    embedded: r.embedded,
  }));
}

/**
 * Writes the vectors of the given chunks in one statement: the indexes and the vectors travel as two array
 * literals (knex would expand a JS array binding into a list of parameters).
 */
export async function setChunkEmbeddings(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  vectors: Array<{ index: number; vector: number[]; prose?: number[] }>,
  model: { model: string; modelVersion: string },
  version: number,
  textScheme: EmbeddingTextScheme,
): Promise<void> {
  if (vectors.length === 0) return;
  // One statement: its lock on knowledge_chunks is taken before its snapshot, so a re-embed's switch (which
  // holds the table while it swaps the columns and records the new model) is either wholly before it (the
  // live version is the new one) or waits for it. Vectors of a model no longer live are refused.
  const { rows } = await db.raw<{ rows: Array<{ live: boolean }> }>(
    `WITH live AS (
       SELECT coalesce((SELECT model_version = ? FROM embedding_space WHERE id = 1), true) AS ok
     ), stored AS (
       UPDATE knowledge_chunks AS c
          SET embedding = v.embedding::vector, embedding_model = ?, embedding_model_version = ?,
              embedding_text_scheme = ?, embedding_prose = v.prose::halfvec
         FROM unnest(?::int[], ?::text[], ?::text[]) AS v(chunk_index, embedding, prose)
        WHERE (SELECT ok FROM live) AND c.workspace_id = ? AND c.knowledge_id = ? AND c.version = ?
           AND c.chunk_index = v.chunk_index
     )
     SELECT ok AS live FROM live`,
    [
      model.modelVersion,
      model.model,
      model.modelVersion,
      textScheme,
      `{${vectors.map((v) => v.index).join(',')}}`,
      vectorArrayLiteral(vectors.map((v) => v.vector)),
      vectorArrayLiteral(vectors.map((v) => v.prose)),
      workspaceId,
      knowledgeId,
      version,
    ],
  );
  if (!rows[0]?.live) throw new EmbeddingModelSwitchedError(model.modelVersion);
}

/**
 * A link's chunk text (its tsvector follows, a generated column): its first extracted chunk of the version, unless
 * edited by hand (the edit is kept). Its vectors stay until they are written again (the rename's job; its next
 * ones, during a re-embed's build, go with the rest of the item's: forgetNextVectors). Whether a chunk was written.
 */
export async function setLinkChunkText(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  content: string,
): Promise<boolean> {
  const first = trx('knowledge_chunks')
    .select('id')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version, origin: 'extracted' })
    .orderBy('chunk_index')
    .limit(1);
  const n = await trx('knowledge_chunks')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .whereNull('edited_at')
    .andWhere('id', first)
    .update({ content });
  return n > 0;
}

/** The versions of an item that have chunks (the current one, one being ingested, earlier ones kept). */
export async function chunkVersions(db: Tx, workspaceId: string, knowledgeId: string): Promise<number[]> {
  const rows: Array<{ version: number }> = await db('knowledge_chunks')
    .distinct('version')
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId })
    .orderBy('version');
  return rows.map((r) => r.version);
}

/** The section heading paths of a version's embedded chunks, each once (a title change's header vectors). */
export async function embeddedHeadingPaths(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  version: number,
): Promise<string[][]> {
  const rows: Array<{ path: string[] }> = await db('knowledge_chunks')
    .distinct(db.raw("coalesce(heading_path, '{}'::text[]) AS path"))
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version })
    .whereNotNull('embedding');
  return rows.map((r) => r.path);
}

/** An embedded chunk as a title change reads it (refreshTitleVectors), with its own vector when asked. */
export interface StoredChunkVector {
  id: string;
  index: number;
  text: string;
  headings: string[];
  vector?: number[];
  textScheme: string | null;
}

/**
 * A page of a version's embedded chunks by id (after `afterId`, at most `limit`; or exactly `ids`) whose vectors
 * the given model made; `vectors`: with their own vectors; `lock`: locked until the transaction ends.
 */
export async function chunkVectorsPage(
  db: Tx,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  page: { afterId?: string; limit: number } | { ids: string[] },
  modelVersion: string,
  opts: { vectors?: boolean; lock?: boolean } = {},
): Promise<StoredChunkVector[]> {
  const q = db('knowledge_chunks')
    .select(
      'id',
      'chunk_index',
      'content',
      'heading_path',
      'embedding_text_scheme',
      ...(opts.vectors ? [db.raw('embedding::text AS vector')] : []),
    )
    .where({ workspace_id: workspaceId, knowledge_id: knowledgeId, version, embedding_model_version: modelVersion })
    .whereNotNull('embedding')
    .orderBy('id');
  if ('ids' in page) void q.whereIn('id', page.ids);
  else {
    if (page.afterId) void q.andWhere('id', '>', page.afterId);
    void q.limit(page.limit);
  }
  if (opts.lock) void q.forUpdate();
  const rows: Array<{
    id: string;
    chunk_index: number;
    content: string;
    heading_path: string[] | null;
    vector?: string;
    embedding_text_scheme: string | null;
  }> = await q;
  return rows.map((r) => ({
    id: r.id,
    index: r.chunk_index,
    text: r.content,
    headings: r.heading_path ?? [],
    ...(r.vector ? { vector: JSON.parse(r.vector) as number[] } : {}),
    textScheme: r.embedding_text_scheme,
  }));
}

/** During a re-embed's build, chunks whose next vectors are out of date (its catch-up builds them again). */
const NEXT_OUT_OF_DATE = `(SELECT status FROM embedding_reembed WHERE id = 1) = 'building'`;

/**
 * Writes new prose vectors (`header-mix`) of a version's chunks in one statement. A re-embed building its next
 * vectors builds these chunks' next prose vectors again; after its switch, the next columns hold the previous
 * model's vectors, which are left as they are.
 */
export async function setProseVectors(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  vectors: Array<{ id: string; prose: number[] }>,
): Promise<void> {
  if (vectors.length === 0) return;
  await trx.raw(
    `UPDATE knowledge_chunks AS c
        SET embedding_prose = v.prose::halfvec, embedding_text_scheme = 'header-mix',
            embedding_next_prose = CASE WHEN ${NEXT_OUT_OF_DATE} THEN NULL ELSE c.embedding_next_prose END
       FROM unnest(?::uuid[], ?::text[]) AS v(id, prose)
      WHERE c.workspace_id = ? AND c.knowledge_id = ? AND c.version = ? AND c.id = v.id`,
    [
      `{${vectors.map((v) => v.id).join(',')}}`,
      vectorArrayLiteral(vectors.map((v) => v.prose)),
      workspaceId,
      knowledgeId,
      version,
    ],
  );
}

/**
 * During a re-embed's build: the next vectors of the given chunks (all the item's when no ids are given) dropped,
 * for its catch-up to build again (a re-embed switches only once every chunk has them).
 */
export async function forgetNextVectors(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  ids?: string[],
): Promise<void> {
  if (ids?.length === 0) return;
  const q = trx('knowledge_chunks').where({ workspace_id: workspaceId, knowledge_id: knowledgeId });
  if (ids) void q.whereIn('id', ids);
  await q.andWhereRaw(NEXT_OUT_OF_DATE).update({ embedding_next: null, embedding_next_prose: null });
}

export interface MetadataFilter {
  status?: string;
  type?: string;
  language?: string;
  title?: string;
}

/** Exact matching, AND across the given keys (the knowledge table is `k`). */
function whereMetadata(q: Knex.QueryBuilder, filter: MetadataFilter): Knex.QueryBuilder {
  if (filter.status !== undefined) void q.andWhere('k.status', filter.status);
  if (filter.type !== undefined) void q.andWhere('k.type', filter.type);
  if (filter.language !== undefined) void q.andWhere('k.language', filter.language);
  if (filter.title !== undefined) void q.andWhere('k.title', filter.title);
  return q;
}

/** The first `perItem` enabled chunks of each item's current version, in order. */
export async function chunksOf(
  db: Tx,
  workspaceId: string,
  knowledgeIds: string[],
  perItem: number,
): Promise<Map<string, Array<{ id: string; content: string; pageNumber: number }>>> {
  const out = new Map<string, Array<{ id: string; content: string; pageNumber: number }>>();
  if (knowledgeIds.length === 0) return out;
  const ranked = db('knowledge_chunks as c')
    .join('knowledge as k', 'k.id', 'c.knowledge_id')
    .select('c.id', 'c.knowledge_id', 'c.content', 'c.page_number', 'c.chunk_index')
    .select(db.raw('row_number() over (partition by c.knowledge_id order by c.chunk_index) as rn'))
    .where({ 'c.workspace_id': workspaceId, 'c.enabled': true })
    .whereRaw('c.version = k.current_version')
    .whereIn('c.knowledge_id', knowledgeIds);
  const rows: Array<{ id: string; knowledge_id: string; content: string; page_number: number }> = await db
    .from(ranked.as('r'))
    .where('rn', '<=', perItem)
    .orderBy([{ column: 'knowledge_id' }, { column: 'chunk_index' }]);
  for (const r of rows) {
    const list = out.get(r.knowledge_id) ?? [];
    list.push({ id: r.id, content: r.content, pageNumber: r.page_number });
    out.set(r.knowledge_id, list);
  }
  return out;
}

export async function uploadsOf(
  db: Tx,
  workspaceId: string,
  knowledgeIds: string[],
): Promise<Map<string, { filename: string; mimetype: string }>> {
  if (knowledgeIds.length === 0) return new Map();
  // The item's current file: a replaced file's item has one upload per version, the current one named on it.
  const rows: Array<{ knowledge_id: string; filename: string; mimetype: string }> = await db('knowledge as k')
    .select('k.id as knowledge_id', 'k.filename', 'k.mimetype')
    .where('k.workspace_id', workspaceId)
    .whereIn('k.id', knowledgeIds)
    .whereNotNull('k.filename')
    .whereExists(
      db('upload_file_metadata as u')
        .where('u.workspace_id', workspaceId)
        .whereRaw('u.knowledge_id = k.id')
        .select(db.raw('1')),
    );
  return new Map(rows.map((r) => [r.knowledge_id, { filename: r.filename, mimetype: r.mimetype }]));
}

/** Up to `limit` leaves of the subtree rooted at rootId (the root itself once it has no children left). */
export async function subtreeLeaves(db: Tx, workspaceId: string, rootId: string, limit: number): Promise<string[]> {
  const result = await db.raw(
    `WITH RECURSIVE tree AS (
       SELECT id FROM knowledge WHERE workspace_id = ? AND id = ?
       UNION ALL
       SELECT k.id FROM knowledge k JOIN tree t ON k.parent_id = t.id WHERE k.workspace_id = ?
     )
     SELECT t.id FROM tree t
     WHERE NOT EXISTS (SELECT 1 FROM knowledge c WHERE c.parent_id = t.id)
     LIMIT ?`,
    [workspaceId, rootId, workspaceId, limit],
  );
  return (result.rows as Array<{ id: string }>).map((r) => r.id);
}
