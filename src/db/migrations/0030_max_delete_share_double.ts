// A source's max_delete_share as double precision: the API takes any JSON number from 0 to 1, and `real` cannot
// hold all of them (2.18e-88 underflows and PostgreSQL refuses it, SQLSTATE 22003). Every finite double can be
// held, so what the client sends is what the source keeps.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sources ALTER COLUMN max_delete_share TYPE double precision');
}

export async function down(knex: Knex): Promise<void> {
  // Values below real's smallest normal number become 0 (real would refuse them).
  await knex.raw(
    `ALTER TABLE sources ALTER COLUMN max_delete_share TYPE real
       USING (CASE WHEN abs(max_delete_share) < 1.2e-38 THEN 0 ELSE max_delete_share END)::real`,
  );
}
