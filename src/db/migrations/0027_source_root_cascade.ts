// A source goes with its root item: deleting the item (a WEBSITE item, or a source's folder deleted by hand)
// deletes its source, and with it the source's documents and sync history. A scheduled sync that then finds
// its source gone deletes the schedule (syncSourceWorkflow). Sources whose root was already deleted are
// removed first.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex('sources')
    .whereNotExists(knex('knowledge').select(knex.raw('1')).whereRaw('knowledge.id = sources.root_id'))
    .delete();
  await knex.schema.alterTable('sources', (t) => {
    t.foreign('root_id', 'sources_root_id_foreign').references('knowledge.id').onDelete('CASCADE');
    t.index(['root_id'], 'sources_root_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.dropForeign(['root_id'], 'sources_root_id_foreign');
    t.dropIndex(['root_id'], 'sources_root_id_index');
  });
}
