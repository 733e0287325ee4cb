import type { Db } from '../db/knex';
import { purgeSupersededVersion } from '../services/versions/versionRetention';
import type { Activities } from '../workflows/activityContract';

export function createVersionActivities(deps: { db: Db }): Pick<Activities, 'purgeSupersededVersion'> {
  return {
    /** Idempotent: a version already purged answers its stored file again, whose deletion is idempotent too. */
    purgeSupersededVersion: (input) => purgeSupersededVersion(deps, input),
  };
}
