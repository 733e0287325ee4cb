// Who made an item's first version, and its size. An upload records the kind of credential that sent it, so the
// item its workflow makes later records it as its version 1's createdBy (null: an upload received before this
// migration). A text item's version 1 recorded size 0 before: its size is its text's, in bytes, which is known
// while the text is kept (the version's copy, or the item's content while version 1 is current), so it is
// filled in here. Who made the version 1 of an item created before this migration is not known: it stays null.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('upload_file_metadata', (t) => {
    t.text('created_by').nullable();
  });
  await knex.raw(`
    UPDATE knowledge_versions v
       SET size_bytes = octet_length(CASE WHEN v.text IS NOT NULL THEN v.text ELSE k.content END)
      FROM knowledge k
     WHERE k.workspace_id = v.workspace_id AND k.id = v.knowledge_id
       AND k.type = 'STRING' AND v.number = 1 AND v.size_bytes = 0 AND v.purged_at IS NULL
       AND (v.text IS NOT NULL OR k.current_version = 1)`);
}

export async function down(knex: Knex): Promise<void> {
  // The sizes filled in stay: they are the texts' sizes under either schema.
  await knex.schema.alterTable('upload_file_metadata', (t) => t.dropColumn('created_by'));
}
