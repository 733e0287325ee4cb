// Explicit, ordered migration list, so the compiled build needs no directory scanning.
import type { Knex } from 'knex';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_knowledge';
import * as m0003 from './0003_spaces';
import * as m0004 from './0004_hybrid_search';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Array<[string, Migration]> = [
  ['0001_foundation', m0001],
  ['0002_knowledge', m0002],
  ['0003_spaces', m0003],
  ['0004_hybrid_search', m0004],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
