// A thread remembers the subject of the token that created it (one end user), so a subject-bound token sees
// only its own user's threads and another user's token of the same role does not. Existing threads get null:
// they were created without a subject rule and stay visible as before to tokens without a subject.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agent_threads', (t) => {
    t.string('subject', 255).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('agent_threads', (t) => {
    t.dropColumn('subject');
  });
}
