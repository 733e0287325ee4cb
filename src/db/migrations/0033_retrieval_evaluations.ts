// Retrieval evaluations (services/search/retrievalEvaluations.ts): a labelled set of questions, the runs it compares,
// and one result per question and run, written by the evaluation workflow's batches. A result is the
// question's score under that run (its first relevant rank and nDCG@10, src/domain/retrievalMetrics.ts) and the
// results that came first; `writes` counts the times it was written (1: the question was evaluated once).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('retrieval_evaluations', (t) => {
    t.uuid('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.text('name').nullable();
    t.text('status').notNullable().defaultTo('RUNNING'); // RUNNING, COMPLETED, FAILED
    t.text('job_id').notNullable();
    // The runs as resolved at creation (mode, hybridWeight, rerank, filter, role), in order.
    t.jsonb('runs').notNullable();
    t.specificType('kinds', 'text[]').notNullable();
    t.integer('question_count').notNullable();
    t.integer('questions_done').notNullable().defaultTo(0);
    // The metrics per run and kind, written when the evaluation completes (read live until then).
    t.jsonb('summary').nullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.index(['workspace_id', 'created_at']);
    t.index(['workspace_id', 'status']);
  });
  await knex.schema.createTable('retrieval_evaluation_questions', (t) => {
    t.uuid('evaluation_id').notNullable().references('retrieval_evaluations.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.uuid('workspace_id').notNullable();
    // The client's own id for the question (matches questions across evaluations), if it gave one.
    t.text('label').nullable();
    t.text('query').notNullable();
    t.text('kind').nullable();
    // [{knowledgeId, externalId, grade}]: the relevant items, resolved to ids at creation.
    t.jsonb('relevant').notNullable();
    t.primary(['evaluation_id', 'position']);
  });
  await knex.schema.createTable('retrieval_evaluation_results', (t) => {
    t.uuid('evaluation_id').notNullable();
    t.integer('position').notNullable();
    t.smallint('run_index').notNullable();
    t.uuid('workspace_id').notNullable();
    t.smallint('rank').nullable();
    t.double('ndcg').notNullable();
    // [{knowledgeId, title, score}]: the run's results, best first, to the metrics' cut-off.
    t.jsonb('top').notNullable();
    // What became of reranking (applied, skipped, unconfigured); null: not asked.
    t.text('rerank').nullable();
    t.integer('writes').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['evaluation_id', 'position', 'run_index']);
    t.foreign(['evaluation_id', 'position'])
      .references(['evaluation_id', 'position'])
      .inTable('retrieval_evaluation_questions')
      .onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('retrieval_evaluation_results');
  await knex.schema.dropTable('retrieval_evaluation_questions');
  await knex.schema.dropTable('retrieval_evaluations');
}
