// A title change reaches the vectors that carry the title (domain/embeddingText): under `header-mix` (the
// default) each chunk's prose vector, normalize(own + w · header), is computed again from the chunk's stored own
// vector and the new header; under `title` and `title-heading` each chunk's own vector is embedded again, in every
// version the item keeps. The reserved-field update starts it as a background job (workflows/titleVectors.ts)
// with the change, so search reads the old vectors for the seconds it takes, never a half-written chunk.
//
// The invariant: a vector that carries a title is written only while the item has that title. Every writer
// checks it in the transaction of its write, under the item's row lock: this refresh (each page, then it starts
// over after a change), ingestion and chunk edits (requireTitle, TitleChangedError: embedded again, or a 409),
// the re-embed (setNextVectors, which leaves such chunks to its catch-up). A rename waits for those locks, or
// they for it, so whatever was written before it commits is seen by its refresh, and whatever comes after
// carries the new title. Repeating the refresh is harmless.
import type { Db, Tx } from '../../db/knex';
import { lockChunksForWrite } from '../../db/repositories/embeddingSpace';
import * as knowledge from '../../db/repositories/knowledge';
import type { KnowledgeRow } from '../../db/rows';
import {
  carriesTitle,
  headerText,
  keepsProseVectors,
  proseVector,
  textSchemeOf,
  type DeploymentTextScheme,
  type TextSchemeDeps,
} from '../../domain/embeddingText';
import type { EmbeddingProvider } from '../../embeddings/provider';
import { embedChunkVectors, withLiveEmbeddings } from '../search/embeddingSpace';
import type { TitleVectorsInput, TitleVectorsResult } from '../../workflows/contracts';

/** Chunks per transaction. */
export const TITLE_VECTOR_BATCH = 256;
/** Times a refresh starts over after the item changed under it, before it fails (the job's retry goes on). */
const MAX_RESTARTS = 5;

/** Whether a title change has vectors to refresh under the deployment's scheme. */
export const titleInVectors = (deps: TextSchemeDeps): boolean => carriesTitle(textSchemeOf(deps));

/** The item changed (title, version) between the computation of its vectors and their write. */
class ItemChanged extends Error {}

/**
 * The item's title changed between the embedding of a text that carries it and the write of the vectors: the
 * writer reads the title again and embeds again (ingestion, chunk edits).
 */
export class TitleChangedError extends Error {
  constructor() {
    super("The item's title changed while its chunks were embedded");
  }
}

/** Times a writer embeds again after the title changed under it, before it gives up (and its caller retries). */
const TITLE_RETRIES = 5;

/**
 * TitleChangedError unless the item, as read under its row lock, still has the `title` vectors about to be written
 * carry. Nothing to check when they carry none (`title` null or undefined) or the item is gone (nothing is
 * written).
 */
export function checkTitle(locked: Pick<KnowledgeRow, 'title'> | undefined, title: string | null | undefined): void {
  if (title === null || title === undefined || !locked) return;
  if (locked.title !== title) throw new TitleChangedError();
}

/**
 * In the transaction that writes vectors carrying `title`: the item's row is locked (shared with other such
 * writes; a title change waits for it, or it for the change), then checkTitle. A title change after it commits
 * starts the refresh, which then sees these vectors.
 */
export async function requireTitle(
  trx: Tx,
  workspaceId: string,
  knowledgeId: string,
  title: string | null | undefined,
): Promise<void> {
  if (title === null || title === undefined) return;
  checkTitle(await knowledge.findKnowledge(trx, workspaceId, knowledgeId, { forShare: true }), title);
}

/**
 * Runs `work` with the item's current title, again (up to TITLE_RETRIES times) when it changed meanwhile;
 * `readTitle` is told the attempt, from 1.
 */
export async function withCurrentTitle<T>(
  readTitle: (attempt: number) => Promise<string | null | undefined>,
  work: (title: string | null | undefined) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(await readTitle(attempt));
    } catch (err) {
      if (!(err instanceof TitleChangedError) || attempt >= TITLE_RETRIES) throw err;
    }
  }
}

export async function refreshTitleVectors(
  deps: { db: Db; embeddings: EmbeddingProvider } & TextSchemeDeps,
  input: TitleVectorsInput,
): Promise<TitleVectorsResult> {
  const scheme = textSchemeOf(deps);
  for (let attempt = 1; ; attempt++) {
    // Shared-locked, so a rename that started this job before it committed is waited for: the job then reads the
    // title it was started with (or the old one, the rename rolled back: superseded, nothing changed).
    const item = await deps.db.transaction((trx) =>
      knowledge.findKnowledge(trx, input.workspaceId, input.knowledgeId, { forShare: true }),
    );
    if (!item) return { state: 'gone', chunks: 0 };
    // A link's chunk text holds its title (linkChunkText): its vectors follow under every scheme.
    if (!carriesTitle(scheme) && item.type !== 'LINK') return { state: 'unchanged', chunks: 0 };
    // Renamed again since this job started: the later change's own job computes its vectors.
    if (input.title !== undefined && item.title !== input.title) return { state: 'superseded', chunks: 0 };
    try {
      const written = await withLiveEmbeddings(deps.embeddings, (provider) =>
        refreshItem(deps.db, provider, scheme, item),
      );
      return { state: 'refreshed', chunks: written };
    } catch (err) {
      if (!(err instanceof ItemChanged) || attempt >= MAX_RESTARTS) throw err;
    }
  }
}

/**
 * Every version of the item that has chunks (the current one, one being ingested, earlier ones a restore may
 * bring back), page by page in chunk id order. Chunks written after the title change carry the new title already
 * (every writer checks it, under the item's lock), so the pages need not see them.
 */
async function refreshItem(
  db: Db,
  provider: EmbeddingProvider,
  scheme: DeploymentTextScheme,
  item: KnowledgeRow,
): Promise<number> {
  let written = 0;
  // header-mix keeps the chunks' own vectors (the chunk alone) and mixes the new header in; a link's chunk text
  // changed with its title, so its vectors are embedded again, as under the title schemes.
  const prose = keepsProseVectors(scheme) && item.type !== 'LINK';
  for (const version of await knowledge.chunkVersions(db, item.workspace_id, item.id)) {
    const refresh = prose ? refreshProsePage : refreshOwnPage;
    const headers = prose ? await headerVectors(db, provider, item, version) : new Map();
    let afterId: string | undefined;
    for (;;) {
      const page = await refresh({ db, provider, scheme, item, version, headers }, afterId);
      if (!page) break;
      written += page.written;
      afterId = page.lastId;
    }
  }
  return written;
}

interface PageContext {
  db: Db;
  provider: EmbeddingProvider;
  scheme: DeploymentTextScheme;
  item: KnowledgeRow;
  version: number;
  /** header-mix: each distinct header's vector (headerKey). */
  headers: Map<string, number[]>;
}

/** header-mix: a page's prose vectors from their own vectors (read under the lock) and the new header. */
async function refreshProsePage(
  { db, provider, item, version, headers }: PageContext,
  afterId: string | undefined,
): Promise<{ written: number; lastId: string } | undefined> {
  return db.transaction(async (trx) => {
    await requireUnchanged(trx, item);
    const page = { afterId, limit: TITLE_VECTOR_BATCH };
    const rows = await knowledge.chunkVectorsPage(
      trx,
      item.workspace_id,
      item.id,
      version,
      page,
      provider.modelVersion,
      {
        vectors: true,
        lock: true,
      },
    );
    if (rows.length === 0) return undefined;
    // Only chunks whose own vector is a header-mix one (the chunk alone): others wait for a re-embed.
    const mixed = rows.filter((c) => c.textScheme === 'header-mix');
    const prose = mixed.map((c) => {
      const key = headerKey(item.title, c.headings);
      const header = headers.get(key);
      // A heading path the header vectors were not embedded for (a chunk added meanwhile): start over.
      if (key && !header) throw new ItemChanged();
      return { id: c.id, prose: proseVector(c.vector!, header) };
    });
    await knowledge.setProseVectors(trx, item.workspace_id, item.id, version, prose);
    return { written: mixed.length, lastId: rows.at(-1)!.id };
  });
}

/**
 * title, title-heading, and a link under any scheme: a page's vectors embedded again with the new title, written if
 * the text is unchanged.
 */
async function refreshOwnPage(
  { db, provider, scheme, item, version }: PageContext,
  afterId: string | undefined,
): Promise<{ written: number; lastId: string } | undefined> {
  const { workspace_id: workspaceId, id: knowledgeId, title } = item;
  const page = { afterId, limit: TITLE_VECTOR_BATCH };
  const read = await knowledge.chunkVectorsPage(db, workspaceId, knowledgeId, version, page, provider.modelVersion);
  if (read.length === 0) return undefined;
  const vectors = await embedChunkVectors(
    scheme,
    (t) => provider.embedDocuments(t),
    read.map((c) => ({ text: c.text, title, headings: c.headings })),
  );
  await db.transaction(async (trx) => {
    await requireUnchanged(trx, item);
    const ids = read.map((c) => c.id);
    const locked = new Map(
      (
        await knowledge.chunkVectorsPage(trx, workspaceId, knowledgeId, version, { ids }, provider.modelVersion, {
          lock: true,
        })
      ).map((c) => [c.id, c]),
    );
    const written = read.flatMap((c, i) => {
      const now = locked.get(c.id);
      if (!now) return []; // deleted meanwhile
      if (now.text !== c.text) throw new ItemChanged(); // edited meanwhile: start over
      return [{ index: now.index, ...vectors[i]! }];
    });
    await knowledge.setChunkEmbeddings(trx, workspaceId, knowledgeId, written, provider, version, scheme);
    await knowledge.forgetNextVectors(trx, workspaceId, knowledgeId, ids);
  });
  return { written: read.length, lastId: read.at(-1)!.id };
}

const headerKey = (title: string, headings: readonly string[]) => headerText({ title, headings });

async function headerVectors(
  db: Db,
  provider: EmbeddingProvider,
  item: KnowledgeRow,
  version: number,
): Promise<Map<string, number[]>> {
  const paths = await knowledge.embeddedHeadingPaths(db, item.workspace_id, item.id, version);
  const distinct = [...new Set(paths.map((p) => headerKey(item.title, p)).filter(Boolean))];
  const vectors = await provider.embedDocuments(distinct);
  return new Map(distinct.map((h, i) => [h, vectors[i]!]));
}

/**
 * At the start of each page's transaction: the item's row locked (a rename, a chunk edit, an ingestion's write
 * waits for it, or it for them), then knowledge_chunks' write lock (lockChunksForWrite); ItemChanged unless the item
 * still has the title the vectors were computed from.
 */
async function requireUnchanged(trx: Tx, item: KnowledgeRow): Promise<void> {
  const now = await knowledge.findKnowledge(trx, item.workspace_id, item.id, { forUpdate: true });
  if (!now || now.title !== item.title) throw new ItemChanged();
  await lockChunksForWrite(trx);
}
