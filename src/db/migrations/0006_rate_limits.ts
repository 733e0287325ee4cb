// Request counters of the per-credential rate limits (rate-limiter-flexible's PostgreSQL store, whose
// schema this is): shared by every API replica, so a limit holds across them. UNLOGGED: counters are
// worth no WAL, and losing them in a crash only resets the current windows.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE UNLOGGED TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
