// The rules job survives a worker restart: on the Temporal dev server and a database of its own, a worker is shut
// down while a batch runs (its transaction never commits), a new worker takes the job up and brings every document
// to the rules, each once; run again with the same id, the job finds nothing left to do.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createSourceRulesActivities } from '../../src/activities/sourceRules';
import * as knowledgeRepo from '../../src/db/repositories/knowledge';
import { loadConfig } from '../../src/config';
import { rulesJobId } from '../../src/services/sources/sourceRules';
import { applySourceRulesWorkflow } from '../../src/workflows/sourceRules';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { testEnv } from '../helpers/env';
import { createRole, createTenant } from '../helpers/factories';
import { insertRuledS3Source } from '../helpers/sourceRules';
import { workflowBundle } from '../helpers/stack';

describe('applySourceRulesWorkflow', function () {
  this.timeout(300_000);
  let database: TestDatabase;
  let connection: Connection;
  let client: Client;

  before(async () => {
    database = await createTestDatabase('kws_rules');
    connection = await Connection.connect({ address: testEnv.temporalAddress });
    client = new Client({ connection });
  });
  after(async () => {
    await connection?.close();
    await database?.drop();
  });

  it('takes the job up on a new worker after the first is shut down mid-batch, and counts every document once', async () => {
    const { db } = database;
    const { workspaceId } = await createTenant(db);
    const hr = await createRole(db, workspaceId, { name: 'hr' });
    const all = await createRole(db, workspaceId, { name: 'all' });
    const { sourceId, rootId } = await insertRuledS3Source(db, workspaceId, {
      name: 'Bucket',
      rules: [{ match: { paths: ['hr/**'] }, roleIds: [hr.id] }],
      roleIds: [all.id],
    });
    const keys = Array.from({ length: 10 }, (_, i) => `${i % 2 ? 'hr' : 'public'}/doc-${i}.txt`);
    for (const key of keys) {
      const item = await knowledgeRepo.insertKnowledge(db, workspaceId, {
        createdBy: null,
        id: randomUUID(),
        type: 'FILE',
        title: key,
        content: key,
        status: 'COMPLETED',
        metadata: {},
        parentId: rootId,
      });
      await db('source_documents').insert({
        workspace_id: workspaceId,
        source_id: sourceId,
        key,
        fingerprint: key,
        knowledge_id: item.id,
        listed_fingerprint: key,
        listed_facts: JSON.stringify({ path: key }),
      });
    }

    const config = loadConfig({ DATA_DIR: '/tmp', TEMPORAL_ADDRESS: testEnv.temporalAddress });
    const activities = createSourceRulesActivities({ db, webhooks: config.webhooks });
    const taskQueue = `rules-${randomUUID()}`;
    const bundle = await workflowBundle();
    let batches = 0;
    let stuck: () => void = () => {};
    const inSecondBatch = new Promise<void>((resolve) => (stuck = resolve));
    const first = await Worker.create({
      connection: await NativeConnection.connect({ address: testEnv.temporalAddress }),
      taskQueue,
      workflowBundle: bundle,
      shutdownGraceTime: '1 second',
      activities: {
        ...activities,
        async applySourceRulesBatch(input: Parameters<typeof activities.applySourceRulesBatch>[0]) {
          batches += 1;
          if (batches === 2) {
            // The worker goes away while this batch runs: it never writes.
            stuck();
            await Context.current().cancelled;
          }
          return activities.applySourceRulesBatch(input);
        },
      },
    });
    const firstRun = first.run();
    const workflowId = rulesJobId(workspaceId, sourceId, 1);
    const handle = await client.workflow.start(applySourceRulesWorkflow, {
      taskQueue,
      workflowId,
      args: [{ workspaceId, sourceId, rulesVersion: 1, batchSize: 3 }],
    });
    await inSecondBatch;
    const applied = await db('source_documents').where({ source_id: sourceId, rules_version: 1 }).count('* as n');
    assert.equal(Number(applied[0]!.n), 3, 'the first batch is done, the second not');
    first.shutdown();
    await firstRun;

    const second = await Worker.create({
      connection: await NativeConnection.connect({ address: testEnv.temporalAddress }),
      taskQueue,
      workflowBundle: bundle,
      activities,
    });
    const secondRun = second.run();
    const result = await handle.result();
    assert.equal(result.status, 'COMPLETED');
    assert.equal(result.applied, 10, 'every document once');
    assert.equal(result.changed, 10, 'each went from no role to its rule');
    const rows: Array<{ key: string; role_id: string; via_rule: number }> = await db('source_documents as d')
      .join('knowledge_roles as kr', 'kr.knowledge_id', 'd.knowledge_id')
      .where('d.source_id', sourceId)
      .select('d.key', 'kr.role_id', 'kr.via_rule');
    assert.equal(rows.length, 10);
    for (const row of rows) {
      const isHr = row.key.startsWith('hr/');
      assert.deepEqual([row.role_id, row.via_rule], isHr ? [hr.id, 1] : [all.id, 0], row.key);
    }

    // The same job again (its id reused once closed): nothing left to apply.
    const again = await client.workflow.start(applySourceRulesWorkflow, {
      taskQueue,
      workflowId,
      args: [{ workspaceId, sourceId, rulesVersion: 1, batchSize: 3 }],
    });
    const rerun = await again.result();
    assert.deepEqual([rerun.status, rerun.applied, rerun.changed], ['COMPLETED', 0, 0]);
    second.shutdown();
    await secondRun;
  });
});
