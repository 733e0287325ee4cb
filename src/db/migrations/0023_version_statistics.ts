// Search statistics that count what search reads: the enabled chunks of each item's current version. The
// searchable-chunk counts of the search plan choice (0009_hybrid_search, 0012_delete_counts) and the per-item
// BM25 statistics (0017_bm25_keyword) counted every chunk of an item, so a disabled chunk and every kept earlier
// (or not yet current) version's chunks moved the plan choice and BM25's N and average length. Now:
// - chunks inserted or deleted count only when enabled and of their item's current version;
// - a chunk disabled, enabled, moved to another version or item leaves or joins both (a row trigger);
// - an item's switch to another version (current_version) takes the old version's chunks off and puts the new
//   one's on, in the same transaction as the switch.
// Every write that changes an item's chunks or switches its version holds the item's row lock
// (services/knowledge/chunks.ts, services/versions/versions.ts, services/knowledge/ingestion.ts), so a chunk's trigger and a switch never
// read each other's half-done work. The partial index serves the counts of an item's enabled chunks of one
// version (an index-only scan: the plan choice's candidate probe, and the triggers here).
import type { Knex } from 'knex';
import {
  ASSIGNMENTS_COUNTED,
  CHUNKS_COUNTED,
  COUNT_ITEMS,
  KNOWLEDGE_CHANGED,
  KNOWLEDGE_COUNTED_TRIGGER,
} from './0009_hybrid_search';
import { KNOWLEDGE_DELETED_COUNTED } from './0012_delete_counts';
import { KEYWORD_STATS_STATEMENT, KEYWORD_STATS_UPDATE_TRIGGER } from './0017_bm25_keyword';

/** Chunk `c` counts for its item `k`. */
const counted = (c: string, k: string) => `${c}.enabled AND ${c}.version = ${k}.current_version`;

const ASSIGNMENTS = [
  ['knowledge_roles', 'role_id', 'role:'],
  ['knowledge_audiences', 'audience_id', 'audience:'],
] as const;

/** Both statistics counted again from the chunks (`chunkCounts`: which of an item `k`'s chunks `c` count). */
async function recount(knex: Knex, chunkCounts: string): Promise<void> {
  await knex.raw('DELETE FROM knowledge_search_counts');
  await knex.raw(`SELECT kws_count_items(array_agg(id), 1) FROM knowledge WHERE status = 'COMPLETED'`);
  await knex.raw('DELETE FROM knowledge_keyword_stats');
  await knex.raw(`
    INSERT INTO knowledge_keyword_stats (knowledge_id, workspace_id, chunks, lexemes)
    SELECT c.knowledge_id, c.workspace_id, count(*), sum(c.content_lexemes)
      FROM knowledge_chunks c JOIN knowledge k ON k.id = c.knowledge_id
     WHERE ${chunkCounts}
     GROUP BY c.knowledge_id, c.workspace_id`);
}

/**
 * kws_knowledge_changed: an item completed, un-completed, moved, relabelled, or switched to another version; its
 * old scopes lose the old version's chunks, its new ones gain the new version's. `configOf`: the configuration a
 * language change re-indexes a chunk under (0036_keyword_english_detection's reads the chunk's text).
 */
export const KNOWLEDGE_CHANGED_VERSIONED = (configOf = 'kws_text_search_config(NEW.language)') => `
    CREATE OR REPLACE FUNCTION kws_knowledge_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE n_old bigint; n_new bigint;
    BEGIN
      IF OLD.language IS DISTINCT FROM NEW.language THEN
        UPDATE knowledge_chunks SET text_search_config = ${configOf}
         WHERE knowledge_id = NEW.id AND text_search_config <> ${configOf};
      END IF;
      SELECT count(*) INTO n_old FROM knowledge_chunks c
       WHERE c.knowledge_id = NEW.id AND c.version = OLD.current_version AND c.enabled;
      IF NEW.current_version IS DISTINCT FROM OLD.current_version THEN
        SELECT count(*) INTO n_new FROM knowledge_chunks c
         WHERE c.knowledge_id = NEW.id AND c.version = NEW.current_version AND c.enabled;
      ELSE
        n_new := n_old;
      END IF;
      INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
      SELECT OLD.workspace_id, s, -n_old FROM kws_item_scopes(OLD.id, OLD.space_id, OLD.language) s
       WHERE OLD.status = 'COMPLETED' AND n_old > 0
      UNION ALL
      SELECT NEW.workspace_id, s, n_new FROM kws_item_scopes(NEW.id, NEW.space_id, NEW.language) s
       WHERE NEW.status = 'COMPLETED' AND n_new > 0;
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX knowledge_chunks_counted ON knowledge_chunks (knowledge_id, version) WHERE enabled');

  // The searchable-chunk counts.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION kws_count_items(items uuid[], sign int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
      SELECT k.workspace_id, s.scope, sign * sum(n.chunks)
        FROM knowledge k
        CROSS JOIN LATERAL (SELECT count(*) AS chunks FROM knowledge_chunks c
                             WHERE c.knowledge_id = k.id AND ${counted('c', 'k')}) n
        CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) AS s(scope)
       WHERE k.id = ANY(items) AND k.status = 'COMPLETED' AND n.chunks > 0
       GROUP BY k.workspace_id, s.scope
    $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION kws_chunks_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
      SELECT k.workspace_id, s.scope, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END * sum(a.n)
        FROM (SELECT knowledge_id, version, count(*) AS n FROM changed WHERE enabled GROUP BY knowledge_id, version) a
        JOIN knowledge k ON k.id = a.knowledge_id AND k.status = 'COMPLETED' AND k.current_version = a.version
        CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) AS s(scope)
       GROUP BY k.workspace_id, s.scope;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE OR REPLACE ${KNOWLEDGE_DELETED_COUNTED(' AND version = OLD.current_version AND enabled')}`);
  await knex.raw(KNOWLEDGE_CHANGED_VERSIONED());
  await knex.raw('DROP TRIGGER knowledge_counted_update ON knowledge');
  await knex.raw(`
    CREATE TRIGGER knowledge_counted_update AFTER UPDATE OF status, space_id, language, current_version ON knowledge
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.space_id IS DISTINCT FROM NEW.space_id
                       OR OLD.language IS DISTINCT FROM NEW.language
                       OR OLD.current_version IS DISTINCT FROM NEW.current_version)
    EXECUTE FUNCTION kws_knowledge_changed()`);
  for (const [table, column, prefix] of ASSIGNMENTS) {
    await knex.raw(`CREATE OR REPLACE ${ASSIGNMENTS_COUNTED(table, column, prefix, ` AND ${counted('c', 'k')}`)}`);
  }

  // The per-item BM25 statistics.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION kws_keyword_stats_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM kws_keyword_stats_add(CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END,
        (SELECT coalesce(jsonb_agg(g), '[]') FROM (
           SELECT c.knowledge_id, c.workspace_id, count(*) AS chunks, sum(c.content_lexemes) AS lexemes
             FROM changed c JOIN knowledge k ON k.id = c.knowledge_id AND k.current_version = c.version
            WHERE c.enabled
            GROUP BY c.knowledge_id, c.workspace_id) g));
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION kws_keyword_stats_switched() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_keyword_stats AS s (knowledge_id, workspace_id, chunks, lexemes)
      SELECT NEW.id, NEW.workspace_id, count(*), coalesce(sum(c.content_lexemes), 0)
        FROM knowledge_chunks c
       WHERE c.knowledge_id = NEW.id AND c.version = NEW.current_version AND c.enabled
      ON CONFLICT (knowledge_id) DO UPDATE SET chunks = excluded.chunks, lexemes = excluded.lexemes;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER knowledge_keyword_stats_switched AFTER UPDATE OF current_version ON knowledge
    FOR EACH ROW WHEN (OLD.current_version IS DISTINCT FROM NEW.current_version)
    EXECUTE FUNCTION kws_keyword_stats_switched()`);

  // A chunk that changes in place: its lexemes (an edit, a re-index), its item, its version or `enabled`.
  await knex.raw('DROP TRIGGER knowledge_chunks_keyword_stats_update ON knowledge_chunks');
  await knex.raw(`
    CREATE FUNCTION kws_chunk_counted_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE was boolean; now_counted boolean;
    BEGIN
      was := OLD.enabled AND EXISTS (SELECT 1 FROM knowledge k
                                      WHERE k.id = OLD.knowledge_id AND k.current_version = OLD.version);
      now_counted := NEW.enabled AND EXISTS (SELECT 1 FROM knowledge k
                                              WHERE k.id = NEW.knowledge_id AND k.current_version = NEW.version);
      IF was THEN
        PERFORM kws_keyword_stats_add(-1, jsonb_build_array(jsonb_build_object('knowledge_id', OLD.knowledge_id,
          'workspace_id', OLD.workspace_id, 'chunks', 1, 'lexemes', OLD.content_lexemes)));
      END IF;
      IF now_counted THEN
        PERFORM kws_keyword_stats_add(1, jsonb_build_array(jsonb_build_object('knowledge_id', NEW.knowledge_id,
          'workspace_id', NEW.workspace_id, 'chunks', 1, 'lexemes', NEW.content_lexemes)));
      END IF;
      IF was IS DISTINCT FROM now_counted OR OLD.knowledge_id IS DISTINCT FROM NEW.knowledge_id THEN
        INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
        SELECT k.workspace_id, s, -1 FROM knowledge k CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) s
         WHERE was AND k.id = OLD.knowledge_id AND k.status = 'COMPLETED'
        UNION ALL
        SELECT k.workspace_id, s, 1 FROM knowledge k CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) s
         WHERE now_counted AND k.id = NEW.knowledge_id AND k.status = 'COMPLETED';
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_counted_update
    AFTER UPDATE OF content, text_search_config, knowledge_id, enabled, version ON knowledge_chunks FOR EACH ROW
    WHEN (OLD.content_lexemes IS DISTINCT FROM NEW.content_lexemes OR OLD.knowledge_id IS DISTINCT FROM NEW.knowledge_id
          OR OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.version IS DISTINCT FROM NEW.version)
    EXECUTE FUNCTION kws_chunk_counted_changed()`);

  await recount(knex, counted('c', 'k'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_chunks_counted_update ON knowledge_chunks');
  await knex.raw('DROP FUNCTION IF EXISTS kws_chunk_counted_changed()');
  await knex.raw(KEYWORD_STATS_UPDATE_TRIGGER);
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_keyword_stats_switched ON knowledge');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_stats_switched()');
  await knex.raw(`CREATE OR REPLACE ${KEYWORD_STATS_STATEMENT}`);
  for (const [table, column, prefix] of ASSIGNMENTS) {
    await knex.raw(`CREATE OR REPLACE ${ASSIGNMENTS_COUNTED(table, column, prefix)}`);
  }
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_counted_update ON knowledge');
  await knex.raw(KNOWLEDGE_COUNTED_TRIGGER);
  await knex.raw(`CREATE OR REPLACE ${KNOWLEDGE_CHANGED}`);
  await knex.raw(`CREATE OR REPLACE ${KNOWLEDGE_DELETED_COUNTED()}`);
  await knex.raw(`CREATE OR REPLACE ${CHUNKS_COUNTED}`);
  await knex.raw(`CREATE OR REPLACE ${COUNT_ITEMS}`);
  await knex.raw('DROP INDEX IF EXISTS knowledge_chunks_counted');
  await recount(knex, 'true');
}
