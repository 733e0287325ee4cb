// Workflow ids are business keys: a running deployment finds its workflows by them (a second start of the same
// operation is refused by id), so each builder must keep answering exactly the id it always did. The ids below
// are the ones the services and workflows built by hand before src/workflows/ids.ts; the workflows import it,
// so it must stay pure (no import at all: nothing from Node, nothing that does I/O).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { knowledgeIdForUpload, uuidV5, WorkflowIds as FromConstants } from '../../../src/temporal/constants';
import { jobKindOf } from '../../../src/temporal/jobs';
import { SOURCE_RULES_JOB_KIND, SOURCE_SYNC_JOB_KIND } from '../../../src/workflows/contracts';
import { JOB_KINDS, WorkflowIds } from '../../../src/workflows/ids';

const W = '0b6f1e2a-93c4-4d8e-8a71-5f0c2d9e4b10';
const K = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';

describe('workflow ids', () => {
  it('are the ids built by hand before, byte for byte', () => {
    const expected: Array<[string, string]> = [
      [WorkflowIds.purgeStoredFiles(W, 'op-1'), `purge-files:${W}:op-1`],
      [WorkflowIds.purgeSyncRemoval(W, 'sync-7', 3), `purge-files:${W}:sync-7:3`],
      [WorkflowIds.purgeCascadeBatch(W, K, 2), `purge-files:${W}:cascade-${K}-2`],
      [WorkflowIds.ingestFile(W, 'up-1'), `ingest:${W}:up-1`],
      [WorkflowIds.cascadeDelete(W, K), `cascade-delete:${W}:${K}`],
      [WorkflowIds.eraseUserSpace(W, 'space-1'), `erase-space:${W}:space-1`],
      [WorkflowIds.ingestText(W, K), `ingest-text:${W}:${K}`],
      [WorkflowIds.ingestUrl(W, K), `ingest-url:${W}:${K}`],
      [WorkflowIds.ingestVersion(W, K, 4), `ingest-version:${W}:${K}:4`],
      [WorkflowIds.webhookDelivery(W, 'd-1'), `webhook:${W}:d-1`],
      [WorkflowIds.purgeVersion(W, K, 5), `purge-version:${W}:${K}:5`],
      [WorkflowIds.retrievalEvaluation(W, 'e-1'), `retrieval-evaluation:${W}:e-1`],
      [WorkflowIds.titleVectors(W, K, '1741859312045123'), `title-vectors:${W}:${K}:1741859312045123`],
      [WorkflowIds.roleCreate(W, 'abc'), `role-create:${W}:abc`],
      [WorkflowIds.roleCreate(W, 'abc', 2), `role-create:${W}:abc:2`],
      [WorkflowIds.roleUpdate(W, K, 'abc'), `role-update:${W}:${K}:abc`],
      [WorkflowIds.roleDelete(W, K), `role-delete:${W}:${K}`],
      [WorkflowIds.roleAssignment('assign', W, K, 'abc'), `role-assign:${W}:${K}:abc`],
      [WorkflowIds.roleAssignment('unassign', W, K, 'abc'), `role-unassign:${W}:${K}:abc`],
      [WorkflowIds.roleAssignment('assign', W, K, 'abc', '42'), `role-assign:${W}:${K}:abc:42`],
    ];
    for (const [got, want] of expected) assert.equal(got, want);
  });

  it("each start with a job kind that GET …/background-jobs?kind= accepts, and every kind is some job's", () => {
    const kinds = new Set<string>(JOB_KINDS);
    const ids = [
      WorkflowIds.purgeStoredFiles(W, 'op-1'),
      WorkflowIds.purgeSyncRemoval(W, 's', 1),
      WorkflowIds.purgeCascadeBatch(W, K, 1),
      WorkflowIds.ingestFile(W, 'up-1'),
      WorkflowIds.cascadeDelete(W, K),
      WorkflowIds.eraseUserSpace(W, 's'),
      WorkflowIds.ingestText(W, K),
      WorkflowIds.ingestUrl(W, K),
      WorkflowIds.ingestVersion(W, K, 1),
      WorkflowIds.webhookDelivery(W, 'd'),
      WorkflowIds.purgeVersion(W, K, 1),
      WorkflowIds.retrievalEvaluation(W, 'e'),
      WorkflowIds.titleVectors(W, K, '1'),
      WorkflowIds.roleCreate(W, 'abc', 1),
      WorkflowIds.roleUpdate(W, K, 'abc'),
      WorkflowIds.roleDelete(W, K),
      WorkflowIds.roleAssignment('assign', W, K, 'abc'),
      WorkflowIds.roleAssignment('unassign', W, K, 'abc'),
    ];
    // Source syncs and rules jobs are started with their kind (scheduled runs' ids are the schedule's plus a time).
    const produced = new Set([...ids.map(jobKindOf), SOURCE_SYNC_JOB_KIND, SOURCE_RULES_JOB_KIND]);
    for (const kind of produced) assert.ok(kinds.has(kind), `${kind} is listed in JOB_KINDS`);
    assert.deepEqual(
      [...kinds].filter((k) => !produced.has(k)),
      [],
      'no kind that no job has',
    );
    assert.equal(Object.keys(WorkflowIds).length, ids.length - 1 /* roleAssignment twice */);
  });

  it('are one set: src/temporal/constants.ts hands out the same builders', () => {
    assert.equal(FromConstants, WorkflowIds);
  });

  it('keep the UUIDv5 ids derived from readable keys unchanged', () => {
    // Stored ids (an upload's knowledge item, a role update's job) are derived with these: the values below
    // were computed with the implementation on main (30d7eb4) before this module existed.
    assert.equal(knowledgeIdForUpload('upload-1'), '434c44f6-cca2-506d-8586-8bb0065dc213');
    assert.equal(uuidV5('role-update:w:r:abc'), '6c01843e-e1c3-57a4-97f4-ec412f910783');
  });

  it('come from a module without imports, which workflow code may load', () => {
    const source = readFileSync(path.resolve(__dirname, '../../../../src/workflows/ids.ts'), 'utf8');
    assert.deepEqual(source.match(/^\s*(import|export .* from)\b.*$/gm) ?? [], []);
  });
});
