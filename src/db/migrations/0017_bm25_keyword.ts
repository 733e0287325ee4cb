// Okapi BM25 for keyword search (src/db/repositories/search.ts computes it in SQL):
// 1. Identifier-aware lexemes: a chunk's tsvector (and a query's lexemes) come from kws_keyword_tsvector, which
//    splits names at ASCII punctuation (os.path.join -> os, path, join; sort_keys -> sort, key) and keeps every
//    dotted or underscored name whole too, lower-cased and unstemmed (os.path.join, sort_keys, __slots__).
//    PostgreSQL's parser alone kept os.path.join as one host token (a text saying path.join never matched)
//    and split sort_keys into two common words (a chunk naming sort_keys ranked no better than any sort).
// 2. Every chunk's length in lexemes (the positions in its tsvector), a stored generated column, so the table
//    rewrite fills it for existing rows and every insert or re-index (a language change rewrites
//    text_search_config) keeps it right.
// 3. Per item, its chunk count and the sum of their lengths (knowledge_keyword_stats), kept by triggers in the
//    same transaction as every insert, delete or re-index of its chunks, so a query's chunk count and average
//    length over the items a filter admits are sums over those items, not a scan of their chunks. Each query
//    lexeme's document frequency is counted per query through the GIN index (bounded by the caller).
import type { Knex } from 'knex';

/** The text search configurations a query is parsed under for the scope's language `lang`, as a FROM item. */
export type ConfigsOf = (lang: string) => string;
/** One: the language's own (0036_keyword_english_detection gives items without a language two). */
const LANGUAGE_CONFIG: ConfigsOf = (lang) => `(SELECT kws_text_search_config(${lang}))`;

/** kws_keyword_tsquery: as 0009_hybrid_search left it with to_tsvector (restored by down), or this migration's. */
export const KEYWORD_TSQUERY = (tsvectorOf: string, configsOf: ConfigsOf = LANGUAGE_CONFIG) => `
    CREATE OR REPLACE FUNCTION kws_keyword_tsquery(query text, languages text[], operator text) RETURNS tsquery
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT nullif(string_agg(DISTINCT per_config, ' | '), '')::tsquery
        FROM (SELECT '(' || string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''',
                                       CASE WHEN operator = '&' THEN ' & ' ELSE ' | ' END) || ')' AS per_config
                FROM unnest(languages) AS lang
                CROSS JOIN LATERAL ${configsOf('lang')} AS cfg(config)
                CROSS JOIN LATERAL unnest(tsvector_to_array(${tsvectorOf}(cfg.config, query))) AS l
               GROUP BY cfg.config) q
    $$`;

/** kws_keyword_lexemes: a query's lexemes as a chunk's (every lexeme under each configuration the languages name). */
export const KEYWORD_LEXEMES = (configsOf: ConfigsOf = LANGUAGE_CONFIG) => `
    CREATE OR REPLACE FUNCTION kws_keyword_lexemes(query text, languages text[]) RETURNS text[]
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT l ORDER BY l), '{}')
        FROM unnest(languages) AS lang
        CROSS JOIN LATERAL ${configsOf('lang')} AS cfg(config)
        CROSS JOIN LATERAL unnest(tsvector_to_array(kws_keyword_tsvector(cfg.config, query))) AS l
    $$`;

/** Chunks inserted or deleted (0023_version_statistics replaces it; its down restores it). */
export const KEYWORD_STATS_STATEMENT = `
    FUNCTION kws_keyword_stats_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM kws_keyword_stats_add(CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END,
        (SELECT coalesce(jsonb_agg(g), '[]') FROM (
           SELECT knowledge_id, workspace_id, count(*) AS chunks, sum(content_lexemes) AS lexemes
             FROM changed GROUP BY knowledge_id, workspace_id) g));
      RETURN NULL;
    END $$`;

/** A chunk's lexemes or item changed (0023_version_statistics replaces it; its down restores it). */
export const KEYWORD_STATS_UPDATE_TRIGGER = `
    CREATE TRIGGER knowledge_chunks_keyword_stats_update AFTER UPDATE OF content, text_search_config, knowledge_id
    ON knowledge_chunks FOR EACH ROW
    WHEN (OLD.content_lexemes IS DISTINCT FROM NEW.content_lexemes OR OLD.knowledge_id IS DISTINCT FROM NEW.knowledge_id)
    EXECUTE FUNCTION kws_keyword_stats_row()`;

/**
 * ASCII punctuation but the hyphen (the parser keeps hyphenated words whole and in parts) and the question mark
 * (added as chr(63): knex reads a question mark in raw SQL as a binding).
 */
const PUNCTUATION = `!"#$%&'()*+,./:;<=>@[\\]^_\`{|}~`;

export async function up(knex: Knex): Promise<void> {
  // Schema-qualified: a generated column's expression must not depend on the search path.
  await knex.raw(`
    CREATE FUNCTION kws_tsvector_length(v tsvector) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT coalesce(pg_catalog.sum(coalesce(pg_catalog.array_length(u.positions, 1), 1)), 0)::integer
        FROM pg_catalog.unnest(v) AS u
    $$`);
  // 1. The text with punctuation as spaces under the configuration, and the names that hold a dot or an
  //    underscore whole (at most 256 positions each, tsvector's own bound; names past 200 characters are not
  //    names). The fixed patterns are PostgreSQL's (non-backtracking) regular expressions.
  const punctuation = PUNCTUATION.replace(/'/g, "''");
  await knex.raw(
    `
    CREATE FUNCTION kws_keyword_tsvector(config regconfig, body text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT pg_catalog.to_tsvector(config, pg_catalog.translate(body, '${punctuation}' || pg_catalog.chr(63), pg_catalog.repeat(' ', ${PUNCTUATION.length + 1})))
          || coalesce((SELECT pg_catalog.string_agg('''' || n.name || ''':' || n.positions, ' ')
                         FROM (SELECT r.name, pg_catalog.string_agg(r.position::text, ',') AS positions
                                 FROM (SELECT pg_catalog.lower(m.match[1]) AS name,
                                              least(m.n, 16383) AS position,
                                              row_number() OVER (PARTITION BY pg_catalog.lower(m.match[1])) AS nth
                                         FROM pg_catalog.regexp_matches(body, '([A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*)', 'g')
                                              WITH ORDINALITY AS m(match, n)
                                        WHERE m.match[1] ~ '[._]' AND m.match[1] ~ '[A-Za-z0-9]'
                                          AND pg_catalog.length(m.match[1]) <= 200) AS r
                                WHERE r.nth <= 256
                                GROUP BY r.name) AS n)::tsvector, ''::tsvector)
    $$`,
  );
  await knex.raw('DROP INDEX knowledge_chunks_content_tsv');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN content_tsv');
  // One rewrite fills both columns.
  await knex.raw(
    `ALTER TABLE knowledge_chunks
       ADD COLUMN content_tsv tsvector
         GENERATED ALWAYS AS (kws_keyword_tsvector(text_search_config, content)) STORED,
       ADD COLUMN content_lexemes integer
         GENERATED ALWAYS AS (kws_tsvector_length(kws_keyword_tsvector(text_search_config, content))) STORED`,
  );
  await knex.raw('CREATE INDEX knowledge_chunks_content_tsv ON knowledge_chunks USING gin (content_tsv)');

  await knex.raw(KEYWORD_TSQUERY('kws_keyword_tsvector'));
  await knex.raw(KEYWORD_LEXEMES());
  // One lexeme as a tsquery, quoted for tsquery's input syntax (not normalised again).
  await knex.raw(`
    CREATE FUNCTION kws_lexeme_tsquery(lexeme text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
      SELECT ('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery
    $$`);

  // 3. Per-item statistics. Inserts and deletes add a statement's rows per item at once (transition tables);
  //    a re-index (a language change) or a chunk moved to another item is rare and counted per row.
  await knex.schema.createTable('knowledge_keyword_stats', (t) => {
    t.uuid('knowledge_id').primary().references('knowledge.id').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.bigInteger('chunks').notNullable().defaultTo(0);
    t.bigInteger('lexemes').notNullable().defaultTo(0);
  });
  await knex.raw(`
    CREATE FUNCTION kws_keyword_stats_add(sign integer, rows_changed jsonb) RETURNS void
    LANGUAGE sql AS $$
      INSERT INTO knowledge_keyword_stats AS s (knowledge_id, workspace_id, chunks, lexemes)
      SELECT d.knowledge_id, d.workspace_id, sign * d.chunks, sign * d.lexemes
        FROM jsonb_to_recordset(rows_changed) AS d(knowledge_id uuid, workspace_id uuid, chunks bigint, lexemes bigint)
        JOIN knowledge k ON k.id = d.knowledge_id
      ON CONFLICT (knowledge_id) DO UPDATE SET chunks = s.chunks + excluded.chunks, lexemes = s.lexemes + excluded.lexemes
    $$`);
  await knex.raw(`CREATE ${KEYWORD_STATS_STATEMENT}`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_keyword_stats_insert AFTER INSERT ON knowledge_chunks
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_keyword_stats_statement()`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_keyword_stats_delete AFTER DELETE ON knowledge_chunks
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_keyword_stats_statement()`);
  await knex.raw(`
    CREATE FUNCTION kws_keyword_stats_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM kws_keyword_stats_add(-1, jsonb_build_array(jsonb_build_object('knowledge_id', OLD.knowledge_id,
        'workspace_id', OLD.workspace_id, 'chunks', 1, 'lexemes', OLD.content_lexemes)));
      PERFORM kws_keyword_stats_add(1, jsonb_build_array(jsonb_build_object('knowledge_id', NEW.knowledge_id,
        'workspace_id', NEW.workspace_id, 'chunks', 1, 'lexemes', NEW.content_lexemes)));
      RETURN NULL;
    END $$`);
  await knex.raw(KEYWORD_STATS_UPDATE_TRIGGER);
  await knex.raw(`
    INSERT INTO knowledge_keyword_stats (knowledge_id, workspace_id, chunks, lexemes)
    SELECT knowledge_id, workspace_id, count(*), sum(content_lexemes)
      FROM knowledge_chunks GROUP BY knowledge_id, workspace_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_chunks_keyword_stats_update ON knowledge_chunks');
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_chunks_keyword_stats_delete ON knowledge_chunks');
  await knex.raw('DROP TRIGGER IF EXISTS knowledge_chunks_keyword_stats_insert ON knowledge_chunks');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_stats_row()');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_stats_statement()');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_stats_add(integer, jsonb)');
  await knex.schema.dropTableIfExists('knowledge_keyword_stats');
  await knex.raw('DROP FUNCTION IF EXISTS kws_lexeme_tsquery(text)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_lexemes(text, text[])');
  await knex.raw(KEYWORD_TSQUERY('to_tsvector'));
  await knex.raw('DROP INDEX IF EXISTS knowledge_chunks_content_tsv');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS content_lexemes');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS content_tsv');
  await knex.raw(
    `ALTER TABLE knowledge_chunks ADD COLUMN content_tsv tsvector
       GENERATED ALWAYS AS (to_tsvector(text_search_config, content)) STORED`,
  );
  await knex.raw('CREATE INDEX knowledge_chunks_content_tsv ON knowledge_chunks USING gin (content_tsv)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_keyword_tsvector(regconfig, text)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_tsvector_length(tsvector)');
}
