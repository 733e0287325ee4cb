// What the deleting step answered besides the keys (the items it deleted, whether more are left): a step run
// again after its result was lost answers it whole, so a cascade's count of deleted items is not short.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purge_outbox', (t) => {
    t.jsonb('result').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purge_outbox', (t) => {
    t.dropColumn('result');
  });
}
