// What a space's messages take, kept on the space (Security III: bounds per space, and messages in the
// workspace's storage figure): their number and their bytes (text, AI content, sources), maintained as each
// message is stored; existing spaces are counted once here. Indexes for counting a subject's agent threads.
import type { Knex } from 'knex';

/** A message's stored bytes: the same sum src/db/repositories/spaces.ts insertMessage adds. */
export const MESSAGE_BYTES_SQL =
  'octet_length(message) + coalesce(octet_length(content), 0) + ' +
  'coalesce(octet_length(sources::text), 0) + coalesce(octet_length(sources_metadata::text), 0)';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('spaces', (t) => {
    t.integer('message_count').notNullable().defaultTo(0);
    t.bigInteger('message_bytes').notNullable().defaultTo(0);
  });
  await knex.raw(`
    UPDATE spaces s SET message_count = m.n, message_bytes = m.bytes
    FROM (SELECT space_id, count(*) AS n, sum(${MESSAGE_BYTES_SQL}) AS bytes FROM space_messages GROUP BY space_id) m
    WHERE m.space_id = s.id`);
  await knex.raw(
    'CREATE INDEX agent_threads_subject ON agent_threads (workspace_id, subject) WHERE subject IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS agent_threads_subject');
  await knex.schema.alterTable('spaces', (t) => {
    t.dropColumn('message_count');
    t.dropColumn('message_bytes');
  });
}
