// Website crawling: one row per crawl (a job: the first crawl of a site and every recrawl, numbered by
// generation) and one row per page URL the site's crawls have found, with what became of it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('website_crawls', (t) => {
    t.text('job_id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('site_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.integer('generation').notNullable();
    t.text('state').notNullable().defaultTo('RUNNING'); // RUNNING, COMPLETED, FAILED
    t.text('root_url').notNullable();
    t.text('origin').nullable(); // the origin crawled: the start URL's, after its redirects
    t.jsonb('settings').notNullable(); // maxPages, maxDepth, includePaths, excludePaths
    t.jsonb('robots').nullable(); // robots.txt as fetched for the origin
    t.text('error').nullable();
    t.integer('pages_done').notNullable().defaultTo(0); // counts, recorded when the crawl ends
    t.integer('pages_failed').notNullable().defaultTo(0);
    t.integer('pages_skipped').notNullable().defaultTo(0);
    t.integer('pages_discovered').notNullable().defaultTo(0);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.unique(['site_id', 'generation']);
    t.index(['workspace_id']);
  });

  await knex.schema.createTable('website_pages', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('workspace_id').notNullable().references('workspaces.id').onDelete('CASCADE');
    t.uuid('site_id').notNullable().references('knowledge.id').onDelete('CASCADE');
    t.text('url').notNullable(); // canonical form of the URL as linked
    t.integer('generation').notNullable(); // the last crawl that found the URL
    t.integer('depth').notNullable();
    t.text('status').notNullable().defaultTo('PENDING'); // PENDING, DONE, FAILED, SKIPPED
    t.text('reason').nullable();
    t.text('canonical_url').nullable(); // the page's identity once fetched (redirects, rel=canonical)
    // The item the page became (no foreign key: a linked file's item is created later, by its ingestion).
    t.uuid('knowledge_id').nullable();
    t.text('content_hash').nullable(); // of the page's text or the file's bytes, as last indexed
    t.jsonb('outcome').nullable(); // what crawling it returned (a retried activity returns the same)
    t.timestamp('fetched_at', { useTz: true }).nullable();
    t.unique(['site_id', 'url']);
    t.index(['site_id', 'generation', 'status', 'depth', 'id']);
    t.index(['knowledge_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('website_pages');
  await knex.schema.dropTableIfExists('website_crawls');
}
