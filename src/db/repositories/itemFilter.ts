// The retrieval filter (src/domain/filter.ts) as SQL over the knowledge table aliased `k`: every key and value
// a bind parameter (`k.attributes -> ?`), never text in the statement. eq and in on attributes are `@>`
// containment, which the GIN index (migration 0013) answers; ne and nin are their negations (an item without
// the key passes them); gt/gte/lt/lte compare numbers as numbers and ISO dates as instants.
import type { Knex } from 'knex';
import type { Tx } from '../knex';
import type { Attributes, BuiltinKey, Comparison, ItemFilter } from '../../domain/filter';
import { isCompound, isRange } from '../../domain/filter';

const SQL_OPERATOR = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

const COLUMNS: Record<Exclude<BuiltinKey, 'categoryId'>, string> = {
  type: 'k.type',
  language: 'k.language',
  mimetype: 'k.mimetype',
  createdAt: 'k.created_at',
  updatedAt: 'k.updated_at',
  parentId: 'k.parent_id',
};

const negated = (type: Comparison['type']) => type === 'ne' || type === 'nin';
const placeholders = (n: number, cast = '') => Array.from({ length: n }, () => `?${cast}`).join(', ');

function builtin(q: Knex.QueryBuilder, c: Comparison & { builtin: BuiltinKey }): void {
  const cast = c.kind === 'date' ? '::timestamptz' : '';
  if (c.builtin === 'categoryId') {
    const exists = `EXISTS (SELECT 1 FROM category_knowledge ck WHERE ck.knowledge_id = k.id AND ck.category_id IN (${placeholders(c.values.length)}))`;
    void q.whereRaw(negated(c.type) ? `NOT ${exists}` : exists, c.values);
    return;
  }
  const column = COLUMNS[c.builtin];
  if (isRange(c.type)) {
    void q.whereRaw(`${column} ${SQL_OPERATOR[c.type]} ?${cast}`, c.values);
    return;
  }
  const inList = `${column} IN (${placeholders(c.values.length, cast)})`;
  void q.whereRaw(negated(c.type) ? `(${column} IS NULL OR NOT ${inList})` : inList, c.values);
}

function attribute(q: Knex.QueryBuilder, c: Comparison): void {
  if (isRange(c.type)) {
    const op = SQL_OPERATOR[c.type];
    if (c.kind === 'number') {
      void q.whereRaw(
        `(CASE WHEN jsonb_typeof(k.attributes -> ?) = 'number' THEN (k.attributes ->> ?)::numeric END) ${op} ?`,
        [c.key, c.key, c.values[0]!],
      );
    } else {
      void q.whereRaw(`kws_attribute_instant(k.attributes ->> ?) ${op} ?::timestamptz`, [c.key, c.values[0]!]);
    }
    return;
  }
  const contains = c.values.map((v) => JSON.stringify({ [c.key]: v }));
  const any = contains.map(() => 'k.attributes @> ?::jsonb').join(' OR ');
  void q.whereRaw(negated(c.type) ? `NOT (${any})` : `(${any})`, contains);
}

/** Adds the filter to a query whose knowledge table is aliased `k`. */
export function applyItemFilter(q: Knex.QueryBuilder, filter: ItemFilter): Knex.QueryBuilder {
  if (isCompound(filter)) {
    return q.where((group) => {
      for (const f of filter.filters) {
        if (filter.type === 'and') void group.andWhere((sub) => void applyItemFilter(sub, f));
        else void group.orWhere((sub) => void applyItemFilter(sub, f));
      }
    });
  }
  if (filter.builtin) builtin(q, filter as Comparison & { builtin: BuiltinKey });
  else attribute(q, filter);
  return q;
}

/** The attributes column value of a new item: its own, merged over its parent's (copied at creation). */
export function attributesOnInsert(
  db: Tx,
  workspaceId: string,
  parentId: string | null | undefined,
  own: Attributes | undefined,
): Knex.Raw {
  const json = JSON.stringify(own ?? {});
  if (!parentId) return db.raw('?::jsonb', [json]);
  return db.raw(
    // FOR SHARE: a parent's PATCH in progress (it holds the row FOR UPDATE) is waited for, and its new
    // attributes are the ones copied; a PATCH after this insert commits reaches the new child.
    `coalesce((SELECT p.attributes FROM knowledge p WHERE p.workspace_id = ? AND p.id = ? FOR SHARE), '{}'::jsonb) || ?::jsonb`,
    [workspaceId, parentId, json],
  );
}

/**
 * Replaces an item's attributes and, for a parent, carries the change to its children: each child keeps the
 * values it set itself (those differing from the parent's old ones) over the parent's new ones.
 */
export async function replaceAttributes(
  db: Tx,
  workspaceId: string,
  id: string,
  previous: Attributes,
  next: Attributes,
  limit: number,
): Promise<{ childrenOverLimit: number }> {
  await db('knowledge')
    .where({ workspace_id: workspaceId, id })
    .update({ attributes: JSON.stringify(next), updated_at: db.fn.now() });
  await db('knowledge')
    .where({ workspace_id: workspaceId, parent_id: id })
    .update({
      attributes: db.raw(
        `?::jsonb || coalesce((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(knowledge.attributes) e ` +
          `WHERE ?::jsonb -> e.key IS DISTINCT FROM e.value), '{}'::jsonb)`,
        [JSON.stringify(next), JSON.stringify(previous)],
      ),
      updated_at: db.fn.now(),
    });
  const [over] = await db('knowledge')
    .where({ workspace_id: workspaceId, parent_id: id })
    .whereRaw('(SELECT count(*) FROM jsonb_object_keys(attributes)) > ?', [limit])
    .count<Array<{ count: string }>>('* as count');
  return { childrenOverLimit: Number(over?.count ?? 0) };
}
