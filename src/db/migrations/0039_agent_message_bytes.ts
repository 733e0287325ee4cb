// Each agent message's stored size (the canonical JSON of its body, as the thread's byte cap counts it), so a
// thread is read in pages of a bounded size (GET …/agent/threads/{id}: repositories/agent listMessagePage)
// without loading the messages a page leaves out. Messages stored before it have none: a page counts their
// content, tool calls, thinking and sources instead.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE agent_messages ADD COLUMN bytes integer');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE agent_messages DROP COLUMN bytes');
}
