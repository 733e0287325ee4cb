// Keyword search for items without a language (most uploads name none). Until now their chunks were indexed under
// `simple` (every word, unstemmed, no stop words dropped) and a query was parsed the same way, so hybrid mode's
// every-lexeme match asked a chunk for each "how", "do", "a" of a question and for "files" where the page said
// "file": the keyword side of a question in prose found nothing, and hybrid ranked as semantic search did.
// 1. A chunk of an item without a language that reads as English (at least a tenth of its words, and at least
//    three words, are stop words of PostgreSQL's English list; English prose runs at 30-50 %, French, Spanish or
//    Dutch prose at 3-7 %) is indexed under `english`, as if its item said
//    `en`: stemmed, stop words dropped. Any other chunk keeps `simple`. Decided per chunk, when it is written
//    (and again when its text or its item's language changes), so one item may hold both (a page of prose
//    and a page of code).
// 2. A query over items without a language is parsed under `english` and under `kws_simple_english`, which is
//    `simple` without English stop words: the chunks under `simple` are asked for the query's other words,
//    unstemmed, as before, but not for its stop words.
// Existing chunks are re-indexed here (their tsvector and BM25 statistics follow through the triggers).
import type { Knex } from 'knex';
import { KEYWORD_LEXEMES, KEYWORD_TSQUERY, type ConfigsOf } from './0017_bm25_keyword';
import { KNOWLEDGE_CHANGED_VERSIONED } from './0023_version_statistics';

/** Items without a language ('') are parsed under two configurations (kws_query_configs), others under their own. */
const QUERY_CONFIGS_OF: ConfigsOf = (lang) => `kws_query_configs(${lang})`;

/**
 * Whether a text reads as English: a tenth of its words (and three or more) are English stop words. One parse
 * under `kws_simple_english` (`simple` without English stop words) tells both: a stop word is left out of the
 * tsvector but still takes its position, so the last position counts the words and the positions kept the others.
 * PL/pgSQL, whose plans are cached for the session (a SQL function here is planned again on every chunk: 1.6 ms
 * against 0.3 ms a chunk of the labelled set, and 205.6 s against 143.8 s to load the keyword bench's 100,000).
 */
const READS_AS_ENGLISH = `
    CREATE OR REPLACE FUNCTION kws_reads_as_english(body text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
    DECLARE words integer; kept integer;
    BEGIN
      SELECT coalesce(max(p), 0), count(p) INTO words, kept
        FROM pg_catalog.unnest(pg_catalog.to_tsvector('kws_simple_english'::regconfig, body)) AS u,
             pg_catalog.unnest(u.positions) AS p;
      RETURN words - kept >= 3 AND (words - kept) * 10 >= words;
    END $$`;

/** The configuration a chunk is indexed under, given its item's language (NULL: none) and its text. */
const CHUNK_CONFIG = `
    CREATE OR REPLACE FUNCTION kws_chunk_config(language text, body text) RETURNS regconfig
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN language IS NULL AND coalesce(kws_reads_as_english(body), false)
                  THEN 'pg_catalog.english'::regconfig
                  ELSE kws_text_search_config(language) END
    $$`;

/** A new chunk, or a chunk whose text changed, takes its configuration (0009_hybrid_search's, per chunk). */
const CHUNK_TRIGGER_FUNCTION = (configOf: string) => `
    CREATE OR REPLACE FUNCTION kws_chunk_text_search_config() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE lang text;
    BEGIN
      SELECT k.language INTO lang FROM knowledge k WHERE k.id = NEW.knowledge_id;
      NEW.text_search_config := ${configOf};
      RETURN NEW;
    END $$`;

/** The configurations a query is parsed under for one language code of the scope ('' : items without one). */
const QUERY_CONFIGS = `
    CREATE OR REPLACE FUNCTION kws_query_configs(language text) RETURNS SETOF regconfig
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT kws_text_search_config(language) WHERE language <> ''
      UNION ALL
      SELECT c FROM (VALUES ('pg_catalog.english'::regconfig), ('kws_simple_english'::regconfig)) v(c)
       WHERE language = ''
    $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TEXT SEARCH DICTIONARY kws_simple_english (TEMPLATE = pg_catalog.simple, STOPWORDS = english)`);
  await knex.raw('CREATE TEXT SEARCH CONFIGURATION kws_simple_english (COPY = pg_catalog.simple)');
  await knex.raw(
    'ALTER TEXT SEARCH CONFIGURATION kws_simple_english ALTER MAPPING REPLACE pg_catalog.simple WITH kws_simple_english',
  );
  await knex.raw(READS_AS_ENGLISH);
  await knex.raw(CHUNK_CONFIG);
  await knex.raw(QUERY_CONFIGS);
  await knex.raw(KEYWORD_TSQUERY('kws_keyword_tsvector', QUERY_CONFIGS_OF));
  await knex.raw(KEYWORD_LEXEMES(QUERY_CONFIGS_OF));
  await knex.raw(CHUNK_TRIGGER_FUNCTION('kws_chunk_config(lang, NEW.content)'));
  await knex.raw('DROP TRIGGER knowledge_chunks_text_search_config ON knowledge_chunks');
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_text_search_config BEFORE INSERT OR UPDATE OF content ON knowledge_chunks
    FOR EACH ROW EXECUTE FUNCTION kws_chunk_text_search_config()`);
  await knex.raw(KNOWLEDGE_CHANGED_VERSIONED('kws_chunk_config(NEW.language, content)'));
  // The chunks of items without a language that read as English, re-indexed.
  await knex.raw(`
    UPDATE knowledge_chunks c SET text_search_config = 'pg_catalog.english'::regconfig
      FROM knowledge k
     WHERE k.id = c.knowledge_id AND k.language IS NULL AND c.text_search_config = 'pg_catalog.simple'::regconfig
       AND kws_reads_as_english(c.content)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE knowledge_chunks c SET text_search_config = 'pg_catalog.simple'::regconfig
      FROM knowledge k
     WHERE k.id = c.knowledge_id AND k.language IS NULL AND c.text_search_config <> 'pg_catalog.simple'::regconfig`);
  await knex.raw(KNOWLEDGE_CHANGED_VERSIONED());
  await knex.raw('DROP TRIGGER knowledge_chunks_text_search_config ON knowledge_chunks');
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_text_search_config BEFORE INSERT ON knowledge_chunks
    FOR EACH ROW EXECUTE FUNCTION kws_chunk_text_search_config()`);
  await knex.raw(CHUNK_TRIGGER_FUNCTION('kws_text_search_config(lang)'));
  await knex.raw(KEYWORD_TSQUERY('kws_keyword_tsvector'));
  await knex.raw(KEYWORD_LEXEMES());
  await knex.raw('DROP FUNCTION IF EXISTS kws_query_configs(text)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_chunk_config(text, text)');
  await knex.raw('DROP FUNCTION IF EXISTS kws_reads_as_english(text)');
  await knex.raw('DROP TEXT SEARCH CONFIGURATION IF EXISTS kws_simple_english');
  await knex.raw('DROP TEXT SEARCH DICTIONARY IF EXISTS kws_simple_english');
}
