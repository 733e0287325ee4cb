// Re-embedding the deployment with another model (`kws reembed`): the new vectors are built beside the live
// ones (knowledge_chunks.embedding_next, migration 0018_reembedding) by the reembed workflow's batch
// activities, while search keeps answering from `embedding`; the switch swaps the columns in one transaction
// once every chunk has a vector of the new model (chunks ingested meanwhile are caught up first).
import type { Db } from '../../db/knex';
import {
  beginReembedColumn,
  countOtherTextScheme,
  countReembedProgress,
  nextChunksToReembed,
  createNextVectorIndex,
  dropPreviousVectors,
  readEmbeddingSpace,
  readReembed,
  setNextVectors,
  swapVectorColumns,
  type EmbeddingSpaceRow,
} from '../../db/repositories/embeddingSpace';
import {
  carriesTitle,
  keepsProseVectors,
  textSchemeOf,
  type EmbeddingTextScheme,
  type TextSchemeDeps,
} from '../../domain/embeddingText';
import { readModelInfo } from '../../embeddings/modelFiles';
import type { EmbeddingProvider } from '../../embeddings/provider';
import type { TemporalDeps } from '../../temporal/client';
import {
  DEPLOYMENT_JOB_SCOPE,
  reembedWorkflowId,
  type EmbeddingTarget,
  type ReembedInput,
} from '../../workflows/contracts';
import type { DbDeps } from '../deps';
import { embedChunkVectors } from './embeddingSpace';

export class ReembedError extends Error {}

const rowOf = (t: EmbeddingTarget): EmbeddingSpaceRow => ({
  provider: t.provider,
  model: t.model,
  model_version: t.modelVersion,
  dimension: t.dimension,
});

/** The target of a provider (what `kws reembed` builds with the worker's EMBEDDING_NEXT_* provider). */
export const targetOf = (p: EmbeddingProvider): EmbeddingTarget => ({
  provider: p.name,
  model: p.model,
  modelVersion: p.modelVersion,
  dimension: p.dimension,
});

/** The provider that builds `target`'s vectors, checked against it (a worker configured with another refuses). */
export function requireTargetProvider(provider: EmbeddingProvider | undefined, target: EmbeddingTarget) {
  const have = provider ? targetOf(provider) : undefined;
  if (!have || have.modelVersion !== target.modelVersion || have.dimension !== target.dimension) {
    throw new ReembedError(
      `This worker cannot build vectors of ${target.model} (${target.modelVersion}): its next embedding model is ` +
        `${have ? `${have.model} (${have.modelVersion})` : 'not configured (EMBEDDING_NEXT_MODEL_DIR)'}`,
    );
  }
  return provider as EmbeddingProvider;
}

export async function beginReembed({ db }: DbDeps, target: EmbeddingTarget): Promise<'resumed' | 'started'> {
  if (!Number.isInteger(target.dimension) || target.dimension < 1 || target.dimension > 16000) {
    throw new ReembedError(`Invalid embedding dimension ${target.dimension}`);
  }
  return db.transaction((trx) => beginReembedColumn(trx, rowOf(target)));
}

/**
 * One batch: the next chunks by id (in a catch-up round only those without a target vector), embedded and
 * written. Idempotent: a retried batch of the first round writes the same vectors again.
 */
export async function reembedBatch(
  deps: DbDeps & TextSchemeDeps,
  provider: EmbeddingProvider,
  target: EmbeddingTarget,
  batch: { afterId?: string; limit: number; onlyMissing: boolean },
): Promise<{ embedded: number; lastId?: string; done: number; total: number }> {
  const { db } = deps;
  const scheme = textSchemeOf(deps);
  await requireBuilding(db, target);
  const prose = keepsProseVectors(scheme);
  const chunks = await nextChunksToReembed(db, batch.afterId, batch.limit, batch.onlyMissing, prose);
  if (chunks.length === 0) return { embedded: 0, ...(await countReembedProgress(db, undefined, prose)) };
  // The same vectors ingestion builds (embedChunkVectors), so a re-embed also moves vectors of another scheme.
  const vectors = await embedChunkVectors(
    scheme,
    (texts) => provider.embedDocuments(texts),
    chunks.map((c) => ({ text: c.content, title: c.title, headings: c.heading_path ?? [] })),
  );
  await setNextVectors(
    db,
    chunks.map((c, i) => ({ id: c.id, ...vectors[i]! })),
    { model: target.model, modelVersion: target.modelVersion },
    scheme,
    // Written only while the chunk has the text embedded and, for vectors that carry a title, the item that
    // title (an edit or a rename meanwhile: the catch-up builds them again).
    new Map(chunks.map((c) => [c.id, { content: c.content, ...(carriesTitle(scheme) ? { title: c.title } : {}) }])),
  );
  return {
    embedded: chunks.length,
    lastId: chunks.at(-1)?.id,
    ...(await countReembedProgress(db, undefined, prose)),
  };
}

async function requireBuilding(db: Db, target: EmbeddingTarget): Promise<void> {
  const building = await readReembed(db);
  if (building?.status !== 'building' || building.model_version !== target.modelVersion) {
    throw new ReembedError(`No re-embed to ${target.modelVersion} is under way`);
  }
}

/**
 * Chunks with the target model's vectors (both, when the scheme keeps prose vectors), of all chunks (the job's
 * progress).
 */
export async function countReembed(
  deps: DbDeps & TextSchemeDeps,
  target: EmbeddingTarget,
): Promise<{ done: number; total: number }> {
  await requireBuilding(deps.db, target);
  return countReembedProgress(deps.db, undefined, keepsProseVectors(textSchemeOf(deps)));
}

export const indexReembed = ({ db }: DbDeps) => createNextVectorIndex(db);

/** The switch; when chunks still lack a target vector, nothing changes and their count is returned. */
export async function switchReembed(
  deps: DbDeps & TextSchemeDeps,
  target: EmbeddingTarget,
): Promise<{ missing: number; total: number }> {
  const { db } = deps;
  const [space, reembed] = [await readEmbeddingSpace(db), await readReembed(db)];
  // A re-embed to the live model itself (a new text scheme) is building until its own switch.
  if (space?.model_version === target.modelVersion && reembed?.status !== 'building') {
    return { missing: 0, total: (await countReembedProgress(db)).total }; // switched by an earlier attempt
  }
  const prose = keepsProseVectors(textSchemeOf(deps));
  return db.transaction((trx) => swapVectorColumns(trx, rowOf(target), prose));
}

/** After the switch: the previous model's vectors go. */
export async function finishReembed({ db }: DbDeps, target: EmbeddingTarget): Promise<void> {
  const row = await readReembed(db);
  if (row?.status === 'switched' && row.model_version === target.modelVersion) {
    await dropPreviousVectors(db);
  }
}

/** Starts (or joins) the re-embed workflow; its id is derived from the target, so a second start joins it. */
export async function startReembed(
  temporal: TemporalDeps,
  target: EmbeddingTarget,
  opts: { batchSize?: number; stepped?: boolean } = {},
): Promise<{ jobId: string }> {
  const workflowId = reembedWorkflowId(target);
  const input: ReembedInput = { target, batchSize: opts.batchSize ?? 256, ...(opts.stepped ? { stepped: true } : {}) };
  await temporal.client.workflow.start('reembedWorkflow', {
    taskQueue: temporal.taskQueue,
    workflowId,
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
    // The whole deployment's job: every workspace's background-jobs reports it (temporal/jobs.ts).
    memo: { scope: DEPLOYMENT_JOB_SCOPE },
  });
  return { jobId: workflowId };
}

/** The target a local model directory describes. */
export async function localModelTarget(modelDir: string): Promise<EmbeddingTarget> {
  const info = await readModelInfo(modelDir);
  return { provider: 'local', model: info.name, modelVersion: info.version, dimension: info.dimension };
}

/**
 * The live space, the re-embed under way, if any, and the text scheme: the one this deployment embeds with
 * (`current`, EMBEDDING_TEXT_SCHEME) and how many chunks hold a vector of another (a re-embed, even to the live
 * model, moves them).
 */
export async function reembedStatus({ db }: DbDeps, current: EmbeddingTextScheme) {
  const [space, reembed] = [await readEmbeddingSpace(db), await readReembed(db)];
  return {
    live: space ? { model: space.model, modelVersion: space.model_version, dimension: space.dimension } : null,
    building: reembed ? { model: reembed.model, modelVersion: reembed.model_version, status: reembed.status } : null,
    textScheme: { current, chunksOfOtherSchemes: await countOtherTextScheme(db, current) },
  };
}
