// Chunk control (the chunks API): a chunk can be disabled (kept, but out of every search, RAG and tool), its
// text edited by hand (re-embedded), or added by hand. `origin` says where a chunk came from ('extracted' by
// ingestion, 'manual': added through the API); `edited_at` when its text was last edited by hand. Re-ingestion
// writes extracted chunks again and resets all three (manual edits are dropped).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE knowledge_chunks ADD COLUMN enabled boolean NOT NULL DEFAULT true');
  await knex.raw(
    `ALTER TABLE knowledge_chunks ADD COLUMN origin text NOT NULL DEFAULT 'extracted'
       CONSTRAINT knowledge_chunks_origin_check CHECK (origin IN ('extracted', 'manual'))`,
  );
  await knex.raw('ALTER TABLE knowledge_chunks ADD COLUMN edited_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS edited_at');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS origin');
  await knex.raw('ALTER TABLE knowledge_chunks DROP COLUMN IF EXISTS enabled');
}
