// Permission-aware sync: a source's rules (which roles and attributes each document gets from where it lives), the
// facts a listing records of each document for them, what the rules last gave it, and role assignments made by a
// rule told apart from those made by hand.
// - sources.rules: [{match, roleIds?, attributes?}], first match wins (src/connectors/sourceRules.ts);
//   rules_version counts changes (a document applied at an older version is applied again by the rules job);
//   role_ids holds the source's own roles while it has rules (its root item then holds none: a parent's roles
//   would reach every document).
// - source_documents: listed_facts (what this listing saw: path, metadata, tags, owners) and facts (what the rules
//   were last applied to), the rule that matched (0: none, the source's default), at which rules_version, the
//   roles and attributes it gave; roles_event/roles_event_key: a knowledge.roles_changed not yet sent (an outbox).
// - knowledge_roles.via_rule: the rule whose application made the assignment (0: the source's default); null: by
//   hand (the role API). A rule's application changes only its own assignments.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.jsonb('rules').notNullable().defaultTo('[]');
    t.integer('rules_version').notNullable().defaultTo(0);
    t.jsonb('role_ids').nullable();
  });
  await knex.schema.alterTable('source_documents', (t) => {
    t.jsonb('listed_facts').nullable();
    t.jsonb('facts').nullable();
    t.integer('rule').nullable();
    t.integer('rules_version').nullable();
    t.jsonb('rule_role_ids').nullable();
    t.jsonb('rule_attributes').nullable();
    t.jsonb('roles_event').nullable();
    t.text('roles_event_key').nullable();
  });
  await knex.raw(
    'CREATE INDEX source_documents_roles_event ON source_documents (source_id, roles_event_key) WHERE roles_event IS NOT NULL',
  );
  await knex.schema.alterTable('knowledge_roles', (t) => {
    t.smallint('via_rule').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('knowledge_roles', (t) => {
    t.dropColumn('via_rule');
  });
  await knex.raw('DROP INDEX IF EXISTS source_documents_roles_event');
  await knex.schema.alterTable('source_documents', (t) => {
    t.dropColumns(
      'listed_facts',
      'facts',
      'rule',
      'rules_version',
      'rule_role_ids',
      'rule_attributes',
      'roles_event',
      'roles_event_key',
    );
  });
  await knex.schema.alterTable('sources', (t) => {
    t.dropColumns('rules', 'rules_version', 'role_ids');
  });
}
