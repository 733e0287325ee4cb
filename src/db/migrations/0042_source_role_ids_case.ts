// Role ids a source names (its own role_ids and each rule's roleIds) are stored in lower case, as the roles' ids
// are. Before, an id sent in capitals was stored as sent, passed the role check (a uuid column compares either
// case) and then matched no role when the rules gave documents their roles, so those documents went without it.
// This lower-cases the stored ids and marks the source's documents as not yet given their roles at the current
// rules version (source_documents.rules_version null), so the next sync gives each its roles again; the source's
// rules version, and with it its rulesJobId, is unchanged. Down leaves the ids in lower case (they name the
// same roles).
import type { Knex } from 'knex';

const lowerIds = (ids: unknown): unknown =>
  Array.isArray(ids) ? ids.map((id) => (typeof id === 'string' ? id.toLowerCase() : id)) : ids;

interface Row {
  id: string;
  role_ids: unknown;
  rules: unknown;
}

export async function up(knex: Knex): Promise<void> {
  // Sources naming any role id with a capital letter (role ids are the only strings of role_ids).
  const rows: Row[] = await knex('sources')
    .select('id', 'role_ids', 'rules')
    .whereRaw('role_ids::text <> lower(role_ids::text)')
    .orWhereRaw(
      `EXISTS (SELECT 1 FROM jsonb_array_elements(rules) AS rule,
                  jsonb_array_elements_text(COALESCE(rule->'roleIds', '[]'::jsonb)) AS role_id
               WHERE role_id <> lower(role_id))`,
    );
  for (const row of rows) {
    const rules = Array.isArray(row.rules)
      ? row.rules.map((rule: Record<string, unknown>) =>
          'roleIds' in rule ? { ...rule, roleIds: lowerIds(rule.roleIds) } : rule,
        )
      : row.rules;
    await knex('sources')
      .where({ id: row.id })
      .update({
        role_ids: row.role_ids === null ? null : JSON.stringify(lowerIds(row.role_ids)),
        rules: JSON.stringify(rules),
      });
    await knex('source_documents').where({ source_id: row.id }).update({ rules_version: null });
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: lower-case ids name the same roles.
}
