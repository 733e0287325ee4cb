// Item attributes (src/domain/filter.ts): a JSON object of at most 16 typed values per item, filtered inside
// the search and list queries. `@>` containment (eq, in) goes through the GIN index (jsonb_path_ops: smaller
// and faster than the default operator class for containment, the only operator the filter asks it for);
// kws_attribute_instant reads an attribute as a date for gt/gte/lt/lte without failing on other strings.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE knowledge ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'::jsonb`);
  await knex.raw(`ALTER TABLE upload_file_metadata ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'::jsonb`);
  await knex.raw('CREATE INDEX knowledge_attributes_gin ON knowledge USING gin (attributes jsonb_path_ops)');
  // An ISO 8601 date (UTC midnight) or date-time (UTC without an offset); NULL for anything else. `{0,1}`, not
  // `?`, which knex.raw would read as a bind parameter.
  await knex.raw(`
    CREATE FUNCTION kws_attribute_instant(v text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      IF v IS NULL OR v !~ '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9}){0,1}){0,1}(Z|[+-]\\d{2}:{0,1}\\d{2}){0,1}){0,1}$' THEN
        RETURN NULL;
      END IF;
      IF v ~ '(Z|[+-]\\d{2}:{0,1}\\d{2})$' AND length(v) > 10 THEN
        RETURN v::timestamptz;
      END IF;
      RETURN v::timestamp AT TIME ZONE 'UTC';
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS kws_attribute_instant(text)');
  await knex.raw('DROP INDEX IF EXISTS knowledge_attributes_gin');
  await knex.raw('ALTER TABLE upload_file_metadata DROP COLUMN IF EXISTS attributes');
  await knex.raw('ALTER TABLE knowledge DROP COLUMN IF EXISTS attributes');
}
