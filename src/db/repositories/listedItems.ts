// The columns a listing reads of an item (`knowledge as <alias>`): every column but the content, which comes cut to
// LISTED_CONTENT_MAX_CHARS with `content_truncated` saying whether it was, so a page of large text items neither
// crosses the wire from the database nor sits in memory whole (test/medium/db/listedItems.test.ts checks the list
// against the table's columns).
import type { Knex } from 'knex';
import type { Tx } from '../knex';
import { LISTED_CONTENT_MAX_CHARS } from '../../domain/listing';

export const ITEM_COLUMNS_BUT_CONTENT = [
  'id',
  'workspace_id',
  'parent_id',
  'type',
  'title',
  'status',
  'message_error',
  'language',
  'metadata',
  'created_at',
  'updated_at',
  'url',
  'size_bytes',
  'storage_key',
  'mimetype',
  'filename',
  'space_id',
  'source_visibility',
  'attributes',
  'current_version',
  'external_id',
] as const;

export function listedItemColumns(db: Tx, alias = 'k'): Array<string | Knex.Raw> {
  return [
    ...ITEM_COLUMNS_BUT_CONTENT.map((column) => `${alias}.${column}`),
    db.raw('left(??, ?) as content', [`${alias}.content`, LISTED_CONTENT_MAX_CHARS]),
    db.raw('char_length(??) > ? as content_truncated', [`${alias}.content`, LISTED_CONTENT_MAX_CHARS]),
  ];
}
