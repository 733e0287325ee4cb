// An item's delete takes its chunks off the search counts (0009) at the cost of an index probe when it has
// none. 0009's trigger called a SQL function per deleted row, and PostgreSQL plans a SQL function's
// statements again on every call: about 0.3 ms a row even for an item without chunks, three seconds of a
// 10,101-item cascade delete. The same accounting in PL/pgSQL (whose plans are cached for the session),
// after a look at the item's chunks, so an item without chunks writes nothing.
import type { Knex } from 'knex';
import { KNOWLEDGE_DELETED } from './0009_hybrid_search';

/**
 * This migration's kws_knowledge_deleted; `counted`: a further condition on the chunks that count
 * (0023_version_statistics: the enabled chunks of the current version).
 */
export const KNOWLEDGE_DELETED_COUNTED = (counted = '') => `
    FUNCTION kws_knowledge_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE n bigint;
    BEGIN
      SELECT count(*) INTO n FROM knowledge_chunks WHERE knowledge_id = OLD.id${counted};
      IF n > 0 AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = OLD.workspace_id) THEN
        INSERT INTO knowledge_search_counts (workspace_id, scope, chunks)
        SELECT OLD.workspace_id, s.scope, -n * count(*)
          FROM kws_item_scopes(OLD.id, OLD.space_id, OLD.language) AS s(scope)
         GROUP BY s.scope;
      END IF;
      RETURN OLD;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE ${KNOWLEDGE_DELETED_COUNTED()}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE ${KNOWLEDGE_DELETED}`);
}
