// Searchable chunks per workspace and scope, for the search plan choice without counting candidates.
// Triggers (migration 0009_hybrid_search) add a row of +n or -n in the same transaction as every change
// that moves a count; a count is the sum of its scope's rows, and the reader folds many rows into one.
// Scopes: 'workspace' (workspace knowledge), 'space:<id>', 'language:<code>' ('language:' for items
// without one), 'role:<id>', 'audience:<id>'. Only chunks of COMPLETED items count, the enabled ones of each
// item's current version (migration 0023_version_statistics): the chunks search reads.
import { preparedRows, type Tx } from '../knex';

export interface ScopeCounts {
  /** Chunks per scope asked for (0 for a scope without rows). */
  chunks: Map<string, number>;
  /** Language codes with searchable chunks in the workspace ('' for items without a language), if asked for. */
  languages: string[];
  /** The planner's estimate of all chunks in the table, of every workspace: what the HNSW index holds. */
  indexChunks: number;
  /** Scopes whose rows are worth folding into one. */
  fragmented: string[];
}

/** A space's scope name (the triggers' kws_item_scopes spells it the same way). */
export const spaceScope = (spaceId: string) => `space:${spaceId}`;

/** Rows of one scope above which a reader folds them. */
export const FOLD_ABOVE_ROWS = 16;

const LANGUAGE_PREFIX = 'language:';

/** One query: the counts of `scopes` (and of every language scope when `languages` is set). */
export async function scopeCounts(
  db: Tx,
  workspaceId: string,
  scopes: string[],
  opts: { languages?: boolean } = {},
): Promise<ScopeCounts> {
  // A prepared statement: this runs before every search (the plan choice).
  const rows = await preparedRows<{ scope: string; chunks: number | string; rows: number }>(
    db,
    opts.languages ? 'kws_scope_counts_languages' : 'kws_scope_counts',
    `select scope, sum(chunks) as chunks, count(*)::int as rows
       from knowledge_search_counts
      where workspace_id = ? and (scope = any(?::text[])${opts.languages ? ` or scope like 'language:%'` : ''})
      group by scope
     union all
     select '', greatest(reltuples, 0)::bigint, 0 from pg_class where oid = 'knowledge_chunks'::regclass`,
    [workspaceId, scopes],
  );
  const chunks = new Map<string, number>(scopes.map((s) => [s, 0]));
  const languages: string[] = [];
  const fragmented: string[] = [];
  let indexChunks = 0;
  for (const r of rows) {
    if (r.scope === '') {
      indexChunks = Number(r.chunks);
      continue;
    }
    const n = Number(r.chunks);
    if (chunks.has(r.scope)) chunks.set(r.scope, n);
    if (opts.languages && r.scope.startsWith(LANGUAGE_PREFIX) && n > 0) {
      languages.push(r.scope.slice(LANGUAGE_PREFIX.length));
    }
    if (r.rows > FOLD_ABOVE_ROWS) fragmented.push(r.scope);
  }
  return { chunks, languages: languages.sort(), indexChunks, fragmented };
}

/**
 * Folds each scope's rows into one row holding their sum (none when it is 0). Safe beside concurrent
 * writers: the delete takes only rows committed before it, and rows added meanwhile stay as they are.
 */
export async function foldScopeCounts(db: Tx, workspaceId: string, scopes: string[]): Promise<void> {
  if (scopes.length === 0) return;
  await db.raw(
    `with gone as (
       delete from knowledge_search_counts where workspace_id = ? and scope = any(?::text[]) returning scope, chunks)
     insert into knowledge_search_counts (workspace_id, scope, chunks)
     select ?, scope, sum(chunks) from gone group by scope having sum(chunks) <> 0`,
    [workspaceId, scopes, workspaceId],
  );
}

/** Drops a scope's rows (a space that no longer exists: its rows sum to zero and only name it). */
export async function dropScope(db: Tx, workspaceId: string, scope: string): Promise<void> {
  await db('knowledge_search_counts').where({ workspace_id: workspaceId, scope }).delete();
}
