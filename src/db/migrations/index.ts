// Explicit, ordered migration list, so the compiled build needs no directory scanning.
import type { Knex } from 'knex';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_knowledge';
import * as m0003 from './0003_spaces';
import * as m0004 from './0004_role_tombstones';
import * as m0005 from './0005_agent';
import * as m0006 from './0006_rate_limits';
import * as m0007 from './0007_webhooks';
import * as m0008 from './0008_web_sources';
import * as m0009 from './0009_hybrid_search';
import * as m0010 from './0010_space_roles';
import * as m0011 from './0011_thread_subjects';
import * as m0012 from './0012_delete_counts';
import * as m0013 from './0013_item_attributes';
import * as m0016 from './0016_rerank_default';
import * as m0017 from './0017_bm25_keyword';
import * as m0018 from './0018_reembedding';
import * as m0019 from './0019_chunk_control';
import * as m0020 from './0020_versions';
import * as m0021 from './0021_external_id';
import * as m0022 from './0022_version_retention';
import * as m0023 from './0023_version_statistics';
import * as m0024 from './0024_sources';
import * as m0025 from './0025_purge_outbox';
import * as m0026 from './0026_website_sources';
import * as m0027 from './0027_source_root_cascade';
import * as m0028 from './0028_purge_outbox_result';
import * as m0029 from './0029_space_message_counts';
import * as m0030 from './0030_max_delete_share_double';
import * as m0031 from './0031_space_activator';
import * as m0032 from './0032_source_rules';
import * as m0033 from './0033_retrieval_evaluations';
import * as m0034 from './0034_embedding_text_scheme';
import * as m0035 from './0035_chunk_heading_paths';
import * as m0036 from './0036_keyword_english_detection';
import * as m0037 from './0037_planner_statistics';
import * as m0038 from './0038_prose_vectors';
import * as m0039 from './0039_agent_message_bytes';
import * as m0040 from './0040_version_authors';
import * as m0041 from './0041_source_skips';
import * as m0042 from './0042_source_role_ids_case';
import * as m0043 from './0043_running_evaluations';
import * as m0044 from './0044_evaluation_budget';
import * as m0045 from './0045_role_assignment_requests';
import * as m0046 from './0046_customer_role_id_claims';
import * as m0047 from './0047_role_field_requests';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Array<[string, Migration]> = [
  ['0001_foundation', m0001],
  ['0002_knowledge', m0002],
  ['0003_spaces', m0003],
  ['0004_role_tombstones', m0004],
  ['0005_agent', m0005],
  ['0006_rate_limits', m0006],
  ['0007_webhooks', m0007],
  ['0008_web_sources', m0008],
  ['0009_hybrid_search', m0009],
  ['0010_space_roles', m0010],
  ['0011_thread_subjects', m0011],
  ['0012_delete_counts', m0012],
  ['0013_item_attributes', m0013],
  ['0016_rerank_default', m0016],
  ['0017_bm25_keyword', m0017],
  ['0018_reembedding', m0018],
  ['0019_chunk_control', m0019],
  ['0020_versions', m0020],
  ['0021_external_id', m0021],
  ['0022_version_retention', m0022],
  ['0023_version_statistics', m0023],
  ['0024_sources', m0024],
  ['0025_purge_outbox', m0025],
  ['0026_website_sources', m0026],
  ['0027_source_root_cascade', m0027],
  ['0028_purge_outbox_result', m0028],
  ['0029_space_message_counts', m0029],
  ['0030_max_delete_share_double', m0030],
  ['0031_space_activator', m0031],
  ['0032_source_rules', m0032],
  ['0033_retrieval_evaluations', m0033],
  ['0034_embedding_text_scheme', m0034],
  ['0035_chunk_heading_paths', m0035],
  ['0036_keyword_english_detection', m0036],
  ['0037_planner_statistics', m0037],
  ['0038_prose_vectors', m0038],
  ['0039_agent_message_bytes', m0039],
  ['0040_version_authors', m0040],
  ['0041_source_skips', m0041],
  ['0042_source_role_ids_case', m0042],
  ['0043_running_evaluations', m0043],
  ['0044_evaluation_budget', m0044],
  ['0045_role_assignment_requests', m0045],
  ['0046_customer_role_id_claims', m0046],
  ['0047_role_field_requests', m0047],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
