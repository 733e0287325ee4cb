// The database's liveness probe.
import type { Db } from '../knex';

/** A trivial round trip: resolves when the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.raw('select 1');
}
