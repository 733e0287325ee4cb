// Search at the speed of the index:
// 1. Chunk vectors stay in the table row (storage MAIN): pgvector's type defaults to EXTERNAL, which moved
//    every vector of a chunk with text to TOAST, so an exact scan read three pages per chunk.
// 2. Full-text search over chunks: a tsvector generated from the chunk text with the text search
//    configuration of its item's language (`simple` for none or an unknown one), and a GIN index on it.
// 3. Per-workspace candidate counts for the search plan choice (exact scan or HNSW), kept up to date by
//    triggers in the same transaction as every change that moves them: chunks added or deleted, an item
//    completed, moved or deleted, a role or audience assigned or removed. Counts are rows of deltas
//    (no row is ever updated, so concurrent writers never wait on one another), summed when read and
//    compacted by the reader (src/db/repositories/searchCounts.ts).
import type { Knex } from 'knex';

/** ISO 639-1 codes with a PostgreSQL text search configuration (those of PostgreSQL 15 to 18). */
const CONFIG_BY_LANGUAGE: Array<[string, string]> = [
  ['ar', 'arabic'],
  ['hy', 'armenian'],
  ['eu', 'basque'],
  ['ca', 'catalan'],
  ['da', 'danish'],
  ['nl', 'dutch'],
  ['en', 'english'],
  ['fi', 'finnish'],
  ['fr', 'french'],
  ['de', 'german'],
  ['el', 'greek'],
  ['hi', 'hindi'],
  ['hu', 'hungarian'],
  ['id', 'indonesian'],
  ['ga', 'irish'],
  ['it', 'italian'],
  ['lt', 'lithuanian'],
  ['ne', 'nepali'],
  ['no', 'norwegian'],
  ['nb', 'norwegian'],
  ['nn', 'norwegian'],
  ['pt', 'portuguese'],
  ['ro', 'romanian'],
  ['ru', 'russian'],
  ['sr', 'serbian'],
  ['es', 'spanish'],
  ['sv', 'swedish'],
  ['ta', 'tamil'],
  ['tr', 'turkish'],
  ['yi', 'yiddish'],
];

/** Counts an item's chunks into its scopes (0023_version_statistics replaces it; its down restores it). */
export const COUNT_ITEMS = `
    FUNCTION kws_count_items(items uuid[], sign int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
      SELECT k.workspace_id, s.scope, sign * sum(n.chunks)
        FROM knowledge k
        CROSS JOIN LATERAL (SELECT count(*) AS chunks FROM knowledge_chunks c WHERE c.knowledge_id = k.id) n
        CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) AS s(scope)
       WHERE k.id = ANY(items) AND k.status = 'COMPLETED' AND n.chunks > 0
       GROUP BY k.workspace_id, s.scope
    $$`;

/** Chunks inserted or deleted (0023_version_statistics replaces it; its down restores it). */
export const CHUNKS_COUNTED = `
    FUNCTION kws_chunks_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
      SELECT k.workspace_id, s.scope, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END * sum(a.n)
        FROM (SELECT knowledge_id, count(*) AS n FROM changed GROUP BY knowledge_id) a
        JOIN knowledge k ON k.id = a.knowledge_id AND k.status = 'COMPLETED'
        CROSS JOIN LATERAL kws_item_scopes(k.id, k.space_id, k.language) AS s(scope)
       GROUP BY k.workspace_id, s.scope;
      RETURN NULL;
    END $$`;

/** An item's status, space or language changed (0023_version_statistics replaces it; its down restores it). */
export const KNOWLEDGE_CHANGED = `
    FUNCTION kws_knowledge_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE n bigint;
    BEGIN
      IF OLD.language IS DISTINCT FROM NEW.language THEN
        UPDATE knowledge_chunks SET text_search_config = kws_text_search_config(NEW.language)
         WHERE knowledge_id = NEW.id AND text_search_config <> kws_text_search_config(NEW.language);
      END IF;
      SELECT count(*) INTO n FROM knowledge_chunks WHERE knowledge_id = NEW.id;
      IF n > 0 THEN
        INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
        SELECT OLD.workspace_id, s, -n FROM kws_item_scopes(OLD.id, OLD.space_id, OLD.language) s
         WHERE OLD.status = 'COMPLETED'
        UNION ALL
        SELECT NEW.workspace_id, s, n FROM kws_item_scopes(NEW.id, NEW.space_id, NEW.language) s
         WHERE NEW.status = 'COMPLETED';
      END IF;
      RETURN NULL;
    END $$`;

/**
 * Role or audience assignments; `counted`: a further condition on the chunks `c` of item `k` that count
 * (0023_version_statistics: the enabled chunks of the current version).
 */
export const ASSIGNMENTS_COUNTED = (table: string, column: string, prefix: string, counted = '') => `
      FUNCTION kws_${table}_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
        SELECT k.workspace_id, '${prefix}' || a.${column},
               CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END * sum(n.chunks)
          FROM changed a
          JOIN knowledge k ON k.id = a.knowledge_id AND k.status = 'COMPLETED'
          CROSS JOIN LATERAL (SELECT count(*) AS chunks FROM knowledge_chunks c WHERE c.knowledge_id = k.id${counted}) n
         WHERE n.chunks > 0
         GROUP BY k.workspace_id, a.${column};
        RETURN NULL;
      END $$`;

/** When kws_knowledge_changed runs (0023_version_statistics replaces it; its down restores it). */
export const KNOWLEDGE_COUNTED_TRIGGER = `
    CREATE TRIGGER knowledge_counted_update AFTER UPDATE OF status, space_id, language ON knowledge
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.space_id IS DISTINCT FROM NEW.space_id
                       OR OLD.language IS DISTINCT FROM NEW.language)
    EXECUTE FUNCTION kws_knowledge_changed()`;

/** An item's delete takes its chunks off its scopes (0012_delete_counts replaces it; its down restores it). */
export const KNOWLEDGE_DELETED = `
    FUNCTION kws_knowledge_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM workspaces w WHERE w.id = OLD.workspace_id) THEN
        PERFORM kws_count_items(ARRAY[OLD.id], -1);
      END IF;
      RETURN OLD;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  // 1. Before the column is added below: that rewrites the table, and the rewrite stores vectors inline.
  await knex.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding SET STORAGE MAIN');

  // 2. The configuration of a language code (its primary subtag: pt-BR -> portuguese), if this server has it.
  const cases = CONFIG_BY_LANGUAGE.map(([code, name]) => `WHEN '${code}' THEN '${name}'`).join(' ');
  await knex.raw(`
    CREATE FUNCTION kws_text_search_config(language text) RETURNS regconfig
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT coalesce(
        (SELECT c.oid::regconfig FROM pg_catalog.pg_ts_config c
          WHERE c.cfgnamespace = 'pg_catalog'::regnamespace
            AND c.cfgname = CASE lower(split_part(language, '-', 1)) ${cases} END),
        'pg_catalog.simple'::regconfig)
    $$`);
  await knex.raw(`ALTER TABLE knowledge_chunks ADD COLUMN text_search_config regconfig NOT NULL DEFAULT 'simple'`);
  await knex.raw(
    `ALTER TABLE knowledge_chunks ADD COLUMN content_tsv tsvector
       GENERATED ALWAYS AS (to_tsvector(text_search_config, content)) STORED`,
  );
  await knex.raw('CREATE INDEX knowledge_chunks_content_tsv ON knowledge_chunks USING gin (content_tsv)');

  // The keyword query of a text: its lexemes under each configuration the languages name (a chunk is
  // indexed under its item's), joined with `operator` (& or |) within a configuration and | across them.
  // Lexemes are quoted for tsquery's input syntax (which does not normalise them again); NULL when the
  // text has no lexemes (only stop words or punctuation).
  await knex.raw(`
    CREATE FUNCTION kws_keyword_tsquery(query text, languages text[], operator text) RETURNS tsquery
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT nullif(string_agg(DISTINCT per_config, ' | '), '')::tsquery
        FROM (SELECT '(' || string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''',
                                       CASE WHEN operator = '&' THEN ' & ' ELSE ' | ' END) || ')' AS per_config
                FROM unnest(languages) AS lang
                CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(kws_text_search_config(lang), query))) AS l
               GROUP BY kws_text_search_config(lang)) q
    $$`);

  // A new chunk takes its item's configuration; an item's language change re-indexes its chunks.
  await knex.raw(`
    CREATE FUNCTION kws_chunk_text_search_config() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.text_search_config := kws_text_search_config(
        (SELECT k.language FROM knowledge k WHERE k.id = NEW.knowledge_id));
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_text_search_config BEFORE INSERT ON knowledge_chunks
    FOR EACH ROW EXECUTE FUNCTION kws_chunk_text_search_config()`);
  await knex.raw(`
    UPDATE knowledge_chunks c SET text_search_config = kws_text_search_config(k.language)
      FROM knowledge k WHERE k.id = c.knowledge_id AND k.language IS NOT NULL`);

  // 3. Candidate counts: one row per change and scope; the count of a scope is the sum of its rows.
  // Scopes: 'workspace' (workspace knowledge), 'space:<id>', 'language:<code>' ('language:' for items
  // without one), 'role:<id>', 'audience:<id>'.
  // Only chunks of COMPLETED items count (the searchable ones).
  await knex.schema.createTable('knowledge_search_counts', (t) => {
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('scope').notNullable();
    t.bigInteger('chunks').notNullable();
    t.index(['workspace_id', 'scope']);
  });

  // The scopes an item counts in, given its columns (roles and audiences are read from their tables).
  await knex.raw(`
    CREATE FUNCTION kws_item_scopes(item uuid, space uuid, language text) RETURNS SETOF text
    LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN space IS NULL THEN 'workspace' ELSE 'space:' || space END
      UNION ALL SELECT 'language:' || coalesce(language, '')
      UNION ALL SELECT 'role:' || kr.role_id FROM knowledge_roles kr WHERE kr.knowledge_id = item
      UNION ALL SELECT 'audience:' || ka.audience_id FROM knowledge_audiences ka WHERE ka.knowledge_id = item
    $$`);

  // Adds `sign` x (the item's chunks) to every scope of each item, for COMPLETED items that still exist.
  await knex.raw(`CREATE ${COUNT_ITEMS}`);

  // Chunks added to or removed from a COMPLETED item. A cascade from a deleted item finds no item here:
  // kws_knowledge_deleted has already taken its chunks off.
  await knex.raw(`CREATE ${CHUNKS_COUNTED}`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_counted_insert AFTER INSERT ON knowledge_chunks
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_chunks_counted()`);
  await knex.raw(`
    CREATE TRIGGER knowledge_chunks_counted_delete AFTER DELETE ON knowledge_chunks
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_chunks_counted()`);

  // An item deleted: its chunks, roles and audiences are still there before the row goes (the cascades
  // that remove them run after). A workspace being deleted takes its counts with it.
  await knex.raw(`CREATE ${KNOWLEDGE_DELETED}`);
  await knex.raw(`
    CREATE TRIGGER knowledge_counted_delete BEFORE DELETE ON knowledge
    FOR EACH ROW WHEN (OLD.status = 'COMPLETED') EXECUTE FUNCTION kws_knowledge_deleted()`);

  // An item completed, un-completed, moved between spaces or relabelled with another language: its old
  // scopes lose its chunks and its new ones gain them. A language change also re-indexes its chunks.
  await knex.raw(`CREATE ${KNOWLEDGE_CHANGED}`);
  await knex.raw(KNOWLEDGE_COUNTED_TRIGGER);

  // Role and audience assignments of COMPLETED items (a deleted item's were taken off with it).
  for (const [table, column, prefix] of [
    ['knowledge_roles', 'role_id', 'role:'],
    ['knowledge_audiences', 'audience_id', 'audience:'],
  ] as const) {
    await knex.raw(`CREATE ${ASSIGNMENTS_COUNTED(table, column, prefix)}`);
    await knex.raw(`
      CREATE TRIGGER ${table}_counted_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_${table}_counted()`);
    await knex.raw(`
      CREATE TRIGGER ${table}_counted_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION kws_${table}_counted()`);
  }

  // The counts of what is there already.
  await knex.raw(`SELECT kws_count_items(array_agg(id), 1) FROM knowledge WHERE status = 'COMPLETED'`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, trigger] of [
    ['knowledge_roles', 'knowledge_roles_counted_insert'],
    ['knowledge_roles', 'knowledge_roles_counted_delete'],
    ['knowledge_audiences', 'knowledge_audiences_counted_insert'],
    ['knowledge_audiences', 'knowledge_audiences_counted_delete'],
    ['knowledge', 'knowledge_counted_update'],
    ['knowledge', 'knowledge_counted_delete'],
    ['knowledge_chunks', 'knowledge_chunks_counted_insert'],
    ['knowledge_chunks', 'knowledge_chunks_counted_delete'],
    ['knowledge_chunks', 'knowledge_chunks_text_search_config'],
  ]) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
  }
  for (const fn of [
    'kws_knowledge_roles_counted()',
    'kws_knowledge_audiences_counted()',
    'kws_knowledge_changed()',
    'kws_knowledge_deleted()',
    'kws_chunks_counted()',
    'kws_count_items(uuid[], int)',
    'kws_item_scopes(uuid, uuid, text)',
    'kws_chunk_text_search_config()',
    'kws_keyword_tsquery(text, text[], text)',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}`);
  }
  await knex.schema.dropTableIfExists('knowledge_search_counts');
  await knex.raw('DROP INDEX IF EXISTS knowledge_chunks_content_tsv');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS content_tsv');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS text_search_config');
  await knex.raw('DROP FUNCTION IF EXISTS kws_text_search_config(text)');
  await knex.raw('ALTER TABLE knowledge_chunks ALTER COLUMN embedding SET STORAGE EXTERNAL');
}
