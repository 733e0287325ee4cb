// Synthetic chunks for the search benchmarks, inserted straight into knowledge/knowledge_chunks in large
// batches. Uniformly random vectors are the worst case for HNSW and unlike sentence embeddings, so the
// vectors follow a simple embedding-like model instead: 256 topic clusters, each item a point in a
// 16-dimensional subspace around its cluster's centroid, each chunk near its item, plus isotropic noise.
// Cosine similarities come out near 0.85 within an item, 0.45 within a topic and 0 across topics.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../src/db/knex';
import { gaussian, random } from '../lib/stats';
import { topicText } from './corpus';

const CLUSTERS = 256;
const RANK = 16;
/** Norms of the item offset, the chunk offset (both inside the cluster's subspace) and the noise. */
const ITEM_SPREAD = 1.0;
const CHUNK_SPREAD = 0.5;
const NOISE = 0.3;

export class VectorModel {
  private readonly centroids: Float64Array;
  private readonly bases: Float64Array;
  private readonly next: () => number;
  private readonly normal: () => number;

  constructor(
    readonly dim: number,
    seed: number,
  ) {
    this.next = random(seed);
    this.normal = gaussian(this.next);
    this.centroids = new Float64Array(CLUSTERS * dim);
    for (let c = 0; c < CLUSTERS; c++) this.centroids.set(this.unit(), c * dim);
    this.bases = new Float64Array(CLUSTERS * RANK * dim).map(() => this.normal() / Math.sqrt(dim));
  }

  /** A random unit vector (uniform on the sphere). */
  unit(): Float64Array {
    const v = new Float64Array(this.dim).map(() => this.normal());
    return normalize(v);
  }

  randomCluster(): number {
    return Math.floor(this.next() * CLUSTERS);
  }

  /** An item's centre: its cluster's centroid plus an offset inside the cluster's subspace. */
  itemCenter(cluster: number): Float64Array {
    const v = this.centroids.slice(cluster * this.dim, (cluster + 1) * this.dim);
    return this.addSubspaceOffset(v, cluster, ITEM_SPREAD);
  }

  /** One chunk of the item: its centre, a smaller subspace offset and isotropic noise, normalized. */
  chunk(center: Float64Array, cluster: number): Float64Array {
    const v = this.addSubspaceOffset(center.slice(), cluster, CHUNK_SPREAD);
    const scale = NOISE / Math.sqrt(this.dim);
    for (let i = 0; i < this.dim; i++) v[i] = (v[i] as number) + this.normal() * scale;
    return normalize(v);
  }

  /** A query from the same distribution as the data (a chunk of a new item), the usual ANN benchmark setup. */
  query(): Float64Array {
    const cluster = this.randomCluster();
    return this.chunk(this.itemCenter(cluster), cluster);
  }

  private addSubspaceOffset(v: Float64Array, cluster: number, spread: number): Float64Array {
    const base = cluster * RANK * this.dim;
    for (let r = 0; r < RANK; r++) {
      const z = (this.normal() * spread) / Math.sqrt(RANK);
      const col = base + r * this.dim;
      for (let i = 0; i < this.dim; i++) v[i] = (v[i] as number) + z * (this.bases[col + i] as number);
    }
    return v;
  }
}

function normalize(v: Float64Array): Float64Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / n;
  return v;
}

/** pgvector's text form, five decimals (components of a 384-d unit vector are around 0.05). */
export function vectorLiteral(v: ArrayLike<number>): string {
  const parts = new Array<number>(v.length);
  for (let i = 0; i < v.length; i++) parts[i] = Math.round((v[i] as number) * 1e5) / 1e5;
  return `[${parts.join(',')}]`;
}

export const toArray = (v: Float64Array): number[] => Array.from(v);

/** Roles covering 1%, 10% and 50% of the items (nested, as in test/medium/services/search.test.ts). */
export interface SelectivityRoles {
  p1: string;
  p10: string;
  p50: string;
}

export interface LoadOptions {
  db: Db;
  workspaceId: string;
  roles: SelectivityRoles;
  model: VectorModel;
  /** Items numbered [fromItem, toItem); item n gets the roles by n modulo 100, 10 and 2. */
  fromItem: number;
  toItem: number;
  chunksPerItem: number;
  batchItems?: number;
  /** Batches in flight (generation of the next overlaps the inserts of the previous). */
  concurrency?: number;
  /**
   * Each chunk's prose vector too (EMBEDDING_TEXT_SCHEME=header-mix, the default: migration 0038), here the same
   * vector: the prose HNSW index then has the live one's graph, and search reads it for prose queries.
   */
  prose?: boolean;
}

const CONTENT_POOL = Array.from({ length: 512 }, (_, i) => topicText(i, 800, 9000 + i).text);

/** Inserts items, their chunks (with vectors) and role assignments in one transaction per batch. */
export async function loadItems(opts: LoadOptions): Promise<{ items: number; chunks: number; ms: number }> {
  const { db, workspaceId, roles, model, chunksPerItem } = opts;
  const batchItems = opts.batchItems ?? 250;
  const concurrency = opts.concurrency ?? 2;
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let from = opts.fromItem; from < opts.toItem; from += batchItems) {
    const to = Math.min(opts.toItem, from + batchItems);
    const items: Array<{
      id: string;
      workspace_id: string;
      type: string;
      title: string;
      status: string;
      attributes: string;
    }> = [];
    const chunks: Array<Record<string, unknown>> = [];
    const assignments: Array<{ knowledge_id: string; role_id: string; workspace_id: string }> = [];
    for (let n = from; n < to; n++) {
      const id = randomUUID();
      // shard: n modulo 100, so `shard eq 37` admits 1% of the items (the filtered recall row).
      items.push({
        id,
        workspace_id: workspaceId,
        type: 'STRING',
        title: `synthetic item ${n}`,
        status: 'COMPLETED',
        attributes: JSON.stringify({ shard: n % 100 }),
      });
      const cluster = model.randomCluster();
      const center = model.itemCenter(cluster);
      for (let j = 0; j < chunksPerItem; j++) {
        chunks.push({
          id: randomUUID(),
          workspace_id: workspaceId,
          knowledge_id: id,
          chunk_index: j,
          page_number: j + 1,
          content: CONTENT_POOL[(n * chunksPerItem + j) % CONTENT_POOL.length],
          ...vectorsOf(db, vectorLiteral(model.chunk(center, cluster)), opts.prose),
        });
      }
      for (const [role, every] of [
        [roles.p1, 100],
        [roles.p10, 10],
        [roles.p50, 2],
      ] as const) {
        if (n % every === 0) assignments.push({ knowledge_id: id, role_id: role, workspace_id: workspaceId });
      }
    }
    const insert = db.transaction(async (trx) => {
      await trx('knowledge').insert(items);
      await trx('knowledge_chunks').insert(chunks);
      if (assignments.length > 0) await trx('knowledge_roles').insert(assignments);
    });
    insert.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
    inFlight.push(insert);
    if (inFlight.length >= concurrency) await inFlight.shift();
  }
  await Promise.all(inFlight);
  const count = opts.toItem - opts.fromItem;
  return { items: count, chunks: count * chunksPerItem, ms: performance.now() - start };
}

/** A chunk's vector columns: its own vector, and (`prose`) the same as its prose vector. */
function vectorsOf(db: Db, literal: string, prose: boolean | undefined) {
  const vector = db.raw('?::vector', [literal]);
  return prose
    ? { embedding: vector, embedding_prose: db.raw('?::halfvec', [literal]), embedding_text_scheme: 'header-mix' }
    : { embedding: vector };
}

export const HNSW_INDEX = 'knowledge_chunks_embedding_hnsw';
/** The definition src/services/search/embeddingSpace.ts creates. */
export const HNSW_INDEX_SQL = `CREATE INDEX ${HNSW_INDEX} ON knowledge_chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)`;
/** The prose vectors' index (migration 0038_prose_vectors), the same definition on embedding_prose. */
export const PROSE_HNSW_INDEX = 'knowledge_chunks_embedding_prose_hnsw';
const PROSE_HNSW_INDEX_SQL = `CREATE INDEX ${PROSE_HNSW_INDEX} ON knowledge_chunks USING hnsw (embedding_prose halfvec_cosine_ops) WITH (m = 16, ef_construction = 64)`;

export async function hnswIndexDefinition(db: Db): Promise<string | undefined> {
  const row = await db('pg_indexes').where({ indexname: HNSW_INDEX }).first('indexdef');
  return row?.indexdef as string | undefined;
}

/** Rebuilds the index with the same definition; a session-sized maintenance_work_mem keeps the graph in memory. */
export async function rebuildHnswIndex(db: Db, maintenanceWorkMem = '1GB', prose = false): Promise<number> {
  const start = performance.now();
  await db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL maintenance_work_mem = '${maintenanceWorkMem}'`);
    // The pool's sessions carry the service's statement_timeout; building the index takes minutes.
    await trx.raw('SET LOCAL statement_timeout = 0');
    await trx.raw(HNSW_INDEX_SQL);
    if (prose) await trx.raw(PROSE_HNSW_INDEX_SQL);
  });
  return performance.now() - start;
}
