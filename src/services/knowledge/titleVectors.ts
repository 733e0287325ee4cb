// A title change reaches the vectors that carry the title (domain/embeddingText): under `header-mix` (the
// default) each chunk's prose vector, normalize(own + w · header), is computed again from the chunk's stored own
// vector and the new header; under `title` and `title-heading` each chunk's own vector is embedded again. The
// reserved-field update starts it as a background job (workflows/titleVectors.ts) once the new title is stored,
// so search reads the old vectors for the seconds it takes, never a half-written chunk.
//
// Each batch is written in a transaction holding the item's row lock, and only while the item still has the title
// and the version the vectors were computed from: a second title change, a new version or a chunk edit (which
// takes the same lock) in the meantime is never overwritten with vectors of the past. Such a change makes the
// refresh start over with what is current. Repeating it is harmless.
import type { Tx } from '../../db/knex';
import * as chunks from '../../db/repositories/chunks';
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
import type { Db } from '../../db/knex';
import { embedChunkVectors, withLiveEmbeddings } from '../search/embeddingSpace';
import type { TitleVectorsResult } from '../../workflows/contracts';

/** Chunks per transaction. */
export const TITLE_VECTOR_BATCH = 256;
/** Times a refresh starts over after the item changed under it, before it fails (the job's retry goes on). */
const MAX_RESTARTS = 5;

/** Whether a title change has vectors to refresh under the deployment's scheme. */
export const titleInVectors = (deps: TextSchemeDeps): boolean => carriesTitle(textSchemeOf(deps));

/** The item changed (title, version) between the computation of its vectors and their write. */
class ItemChanged extends Error {}

export async function refreshTitleVectors(
  deps: { db: Db; embeddings: EmbeddingProvider } & TextSchemeDeps,
  input: { workspaceId: string; knowledgeId: string },
  progress: (chunksWritten: number) => void = () => undefined,
): Promise<TitleVectorsResult> {
  const scheme = textSchemeOf(deps);
  if (!carriesTitle(scheme)) return { state: 'unchanged', chunks: 0 };
  for (let attempt = 1; ; attempt++) {
    const item = await knowledge.findKnowledge(deps.db, input.workspaceId, input.knowledgeId);
    if (!item) return { state: 'gone', chunks: 0 };
    try {
      const written = await withLiveEmbeddings(deps.embeddings, (provider) =>
        refreshItem(deps.db, provider, scheme, item, progress),
      );
      return { state: 'refreshed', chunks: written };
    } catch (err) {
      if (!(err instanceof ItemChanged) || attempt >= MAX_RESTARTS) throw err;
    }
  }
}

async function refreshItem(
  db: Db,
  provider: EmbeddingProvider,
  scheme: DeploymentTextScheme,
  item: KnowledgeRow,
  progress: (chunksWritten: number) => void,
): Promise<number> {
  const { workspace_id: workspaceId, id: knowledgeId, title, current_version: version } = item;
  // Header vectors once per distinct heading path (header-mix); they depend on the title, not on the chunk.
  const headers = keepsProseVectors(scheme)
    ? await headerVectors(db, provider, item)
    : new Map<string, number[] | undefined>();
  const { total } = await chunks.countChunks(db, workspaceId, knowledgeId);
  let written = 0;
  for (let from = 0; from < total; from += TITLE_VECTOR_BATCH) {
    const range = { from, to: from + TITLE_VECTOR_BATCH };
    // Under title and title-heading the chunks' own vectors carry the title: embedded again before the
    // transaction (read, embedded, then written only if the text is still the one embedded).
    const texts = keepsProseVectors(scheme)
      ? undefined
      : (await knowledge.chunkTexts(db, workspaceId, knowledgeId, range, version)).filter((c) => c.embedded);
    const vectors = texts
      ? await embedChunkVectors(
          scheme,
          (t) => provider.embedDocuments(t),
          texts.map((c) => ({ text: c.text, title, headings: c.headings })),
        )
      : [];
    written += await db.transaction(async (trx) => {
      await requireUnchanged(trx, item);
      const stored = await knowledge.lockChunkVectors(
        trx,
        workspaceId,
        knowledgeId,
        version,
        range,
        provider.modelVersion,
      );
      if (keepsProseVectors(scheme)) {
        // Only chunks whose own vector is a header-mix one (the chunk alone): others wait for a re-embed.
        const mixed = stored.filter((c) => c.textScheme === 'header-mix');
        await knowledge.setProseVectors(
          trx,
          workspaceId,
          knowledgeId,
          version,
          mixed.map((c) => ({
            index: c.index,
            prose: proseVector(c.vector, headers.get(headerKey(title, c.headings))),
          })),
        );
        return mixed.length;
      }
      const current = new Map(stored.map((c) => [c.index, c.text]));
      const still = (texts ?? []).flatMap((c, i) =>
        current.get(c.index) === c.text ? [{ index: c.index, ...vectors[i]! }] : [],
      );
      await knowledge.setChunkEmbeddings(trx, workspaceId, knowledgeId, still, provider, version, scheme);
      return still.length;
    });
    progress(written);
  }
  return written;
}

const headerKey = (title: string, headings: readonly string[]) => headerText({ title, headings });

async function headerVectors(
  db: Db,
  provider: EmbeddingProvider,
  item: KnowledgeRow,
): Promise<Map<string, number[] | undefined>> {
  const paths = await knowledge.embeddedHeadingPaths(db, item.workspace_id, item.id, item.current_version);
  const distinct = [...new Set(paths.map((p) => headerKey(item.title, p)).filter(Boolean))];
  const vectors = await provider.embedDocuments(distinct);
  return new Map(distinct.map((h, i) => [h, vectors[i]]));
}

async function requireUnchanged(trx: Tx, item: KnowledgeRow): Promise<void> {
  const now = await knowledge.findKnowledge(trx, item.workspace_id, item.id, { forUpdate: true });
  if (!now || now.title !== item.title || now.current_version !== item.current_version) throw new ItemChanged();
}
