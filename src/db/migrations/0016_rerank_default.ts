// A workspace's default for reranking search results (a request's `rerank` field overrides it): off, as
// before, until the workspace turns it on (PUT /v1/workspaces/{id}/retrieval-settings).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workspaces', (t) => {
    t.boolean('rerank_default').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workspaces', (t) => {
    t.dropColumn('rerank_default');
  });
}
