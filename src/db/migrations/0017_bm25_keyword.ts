// Okapi BM25 for keyword search (src/db/repositories/search.ts computes it in SQL):
// 1. Every chunk's length in lexemes (its tokens that are not stop words: the positions in its tsvector), a
//    stored generated column, so the table rewrite fills it for existing rows and every insert or re-index
//    (a language change rewrites text_search_config) keeps it right.
// 2. An index holding it beside the workspace, so the scope's chunk count and average length are read from the
//    index alone, and the query's lexemes (each counted through the GIN index for its document frequency).
// The term statistics are computed per query (no table to keep in step with inserts, deletes and cascades):
// see README "Retrieval quality" for the measured cost against maintained statistics.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Schema-qualified: a generated column's expression must not depend on the search path.
  await knex.raw(`
    CREATE FUNCTION kws_tsvector_length(v tsvector) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT coalesce(pg_catalog.sum(coalesce(pg_catalog.array_length(u.positions, 1), 1)), 0)::integer
        FROM pg_catalog.unnest(v) AS u
    $$`);
  await knex.raw(
    `ALTER TABLE knowledge_chunks ADD COLUMN content_lexemes integer
       GENERATED ALWAYS AS (kws_tsvector_length(to_tsvector(text_search_config, content))) STORED`,
  );
  await knex.raw(
    'CREATE INDEX knowledge_chunks_workspace_lexemes ON knowledge_chunks (workspace_id, knowledge_id) INCLUDE (content_lexemes)',
  );

  // The distinct lexemes of a text under each configuration the languages name (as kws_keyword_tsquery).
  await knex.raw(`
    CREATE FUNCTION kws_keyword_lexemes(query text, languages text[]) RETURNS text[]
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT l ORDER BY l), '{}')
        FROM unnest(languages) AS lang
        CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(kws_text_search_config(lang), query))) AS l
    $$`);
  // One lexeme as a tsquery, quoted for tsquery's input syntax (not normalised again).
  await knex.raw(`
    CREATE FUNCTION kws_lexeme_tsquery(lexeme text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS kws_lexeme_tsquery(text)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_lexemes(text, text[])');
  await knex.raw('DROP INDEX IF EXISTS knowledge_chunks_workspace_lexemes');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS content_lexemes');
  await knex.raw('DROP FUNCTION IF EXISTS kws_tsvector_length(tsvector)');
}
