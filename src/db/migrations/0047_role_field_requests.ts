// Role updates: the last request wins, whatever order their jobs run in. Each PUT …/role/{roleId} is numbered when it
// is answered (role_update_request_seq) and has a job of its own; a job writes each field of its patch only where no
// later request has written that field (the *_seq columns: the number of the request whose value the field holds).
// Before, renaming X, Y, X back to back ended Y: the third request had the first one's job id, so it joined a job
// that had already run or was about to. Existing rows hold values written by no numbered request (0).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SEQUENCE role_update_request_seq');
  await knex.raw(`
    ALTER TABLE roles
      ADD COLUMN name_seq bigint NOT NULL DEFAULT 0,
      ADD COLUMN description_seq bigint NOT NULL DEFAULT 0,
      ADD COLUMN customer_role_id_seq bigint NOT NULL DEFAULT 0
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE roles
      DROP COLUMN IF EXISTS name_seq,
      DROP COLUMN IF EXISTS description_seq,
      DROP COLUMN IF EXISTS customer_role_id_seq
  `);
  await knex.raw('DROP SEQUENCE IF EXISTS role_update_request_seq');
}
