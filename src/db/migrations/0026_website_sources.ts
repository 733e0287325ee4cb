// WEBSITE items move onto the source engine: each becomes the root of a `website` source with the item's id,
// configured as its latest crawl was, and the pages that crawl indexed become the source's documents (so the
// first sync updates them instead of adding them again). The crawler's own tables go.
import type { Knex } from 'knex';
import * as m0008 from './0008_web_sources';

/** The website kind's defaults and bounds (src/connectors/website.ts WebsiteConfigSchema). */
const MAX_PAGES = { fallback: 50, min: 1, max: 1000 };
const MAX_DEPTH = { fallback: 3, min: 0, max: 10 };
const MAX_PATTERNS = 50;
const MAX_PATTERN_LENGTH = 500;

/** A bounded integer setting of the crawl's settings jsonb `s`: the default when absent or not a number. */
const boundedSetting = (name: string, b: { fallback: number; min: number; max: number }) => `
  CASE WHEN jsonb_typeof(s -> '${name}') = 'number'
       THEN LEAST(GREATEST(floor((s ->> '${name}')::numeric), ${b.min}), ${b.max})::int
       ELSE ${b.fallback} END`;

/** A path-pattern list: the strings the kind accepts (start with /, at most 500 long), the first 50; else []. */
const patternSetting = (name: string) => `
  CASE WHEN jsonb_typeof(s -> '${name}') = 'array'
       THEN (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
               FROM (SELECT e, n FROM jsonb_array_elements(s -> '${name}') WITH ORDINALITY AS p(e, n)
                      WHERE jsonb_typeof(e) = 'string' AND left(e #>> '{}', 1) = '/'
                        AND length(e #>> '{}') <= ${MAX_PATTERN_LENGTH}
                      ORDER BY n LIMIT ${MAX_PATTERNS}) kept)
       ELSE '[]'::jsonb END`;

// One statement: the sources inserted (a WEBSITE item without a source of its own) and, from what they return,
// the documents: the latest crawl's pages done into an item that still exists, one per key (the lowest page id).
// The start URL loses its fragment; a query stays (the kind's stored config takes it, as the item's route did).
const MIGRATE_SITES = `
  WITH latest AS (
    SELECT DISTINCT ON (c.site_id) c.site_id, c.workspace_id, c.generation, c.root_url, c.settings AS s
      FROM website_crawls c
     ORDER BY c.site_id, c.generation DESC
  ),
  sites AS (
    SELECT k.id, k.workspace_id, left(k.title, 1000) AS name, k.created_at, l.generation,
           split_part(coalesce(l.root_url, nullif(k.url, ''), k.content), '#', 1) AS url,
           CASE WHEN l.site_id IS NULL THEN '{}'::jsonb
                WHEN jsonb_typeof(l.s) = 'object' THEN l.s
                ELSE '{}'::jsonb END AS s
      FROM knowledge k
      LEFT JOIN latest l ON l.site_id = k.id AND l.workspace_id = k.workspace_id
     WHERE k.type = 'WEBSITE'
       AND NOT EXISTS (SELECT 1 FROM sources src WHERE src.root_id = k.id)
  ),
  inserted AS (
    INSERT INTO sources (id, workspace_id, kind, name, config, secrets_sealed, root_id,
                         schedule_interval_seconds, paused, max_delete_share, running_sync_id, created_at)
    SELECT id, workspace_id, 'website', name,
           jsonb_build_object(
             'url', url,
             'maxPages', ${boundedSetting('maxPages', MAX_PAGES)},
             'maxDepth', ${boundedSetting('maxDepth', MAX_DEPTH)},
             'includePaths', ${patternSetting('includePaths')},
             'excludePaths', ${patternSetting('excludePaths')}),
           NULL, id, NULL, false, 0.5, NULL, created_at
      FROM sites
    ON CONFLICT (id) DO NOTHING
    RETURNING id, workspace_id
  )
  INSERT INTO source_documents (workspace_id, source_id, key, fingerprint, knowledge_id)
  SELECT DISTINCT ON (i.id, coalesce(p.canonical_url, p.url))
         i.workspace_id, i.id, coalesce(p.canonical_url, p.url),
         'd' || p.depth || ';sha256=' || p.content_hash, p.knowledge_id
    FROM inserted i
    JOIN sites st ON st.id = i.id
    JOIN website_pages p ON p.site_id = i.id AND p.workspace_id = i.workspace_id
                        AND p.generation = st.generation
    JOIN knowledge pk ON pk.id = p.knowledge_id AND pk.workspace_id = i.workspace_id
   WHERE p.status = 'DONE' AND p.content_hash IS NOT NULL
   ORDER BY i.id, coalesce(p.canonical_url, p.url), p.id
  ON CONFLICT (source_id, key) DO NOTHING
`;

export async function up(knex: Knex): Promise<void> {
  // Statistics first: without them (tables never analyzed) the planner joins the pages row by row.
  await knex.raw('ANALYZE website_crawls, website_pages');
  await knex.raw(MIGRATE_SITES);
  await knex.schema.dropTable('website_pages');
  await knex.schema.dropTable('website_crawls');
}

export async function down(knex: Knex): Promise<void> {
  await m0008.up(knex);
  await knex.raw(`
    DELETE FROM sources s
     USING knowledge k
     WHERE s.kind = 'website' AND s.id = s.root_id AND k.id = s.root_id AND k.type = 'WEBSITE'`);
}
