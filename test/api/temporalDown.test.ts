// The API while the Temporal frontend is down: an operation that starts a workflow (an upload, a role's creation)
// answers 503 with Retry-After within the start's deadline, saying that nothing was started, and leaves nothing
// behind (the staged upload is removed), instead of waiting out the client's retries and answering 500.
import assert from 'node:assert/strict';
import { Client, Connection } from '@temporalio/client';
import { JOB_START_DEADLINE_MS, JOBS_CANNOT_START } from '../../src/temporal/jobs';
import { workspacePrefix } from '../../src/storage/keys';
import { assertError } from '../helpers/assertions';
import { uploadRequest } from '../helpers/knowledge';
import { stackWithTenant } from '../helpers/stack';

describe('the API while Temporal is down', function () {
  this.timeout(60_000);

  it('answers 503 with Retry-After within the start deadline, and keeps nothing of the refused upload', async () => {
    const { stack, tenant, headers } = await stackWithTenant();
    const connection = Connection.lazy({ address: '127.0.0.1:1' });
    const client = new Client({ connection, namespace: 'default' });
    try {
      const down = await stack.serve({
        ...stack.deps,
        temporal: { client, connection, namespace: 'default', taskQueue: stack.deps.temporal.taskQueue },
      });
      const started = Date.now();
      const [upload, role] = await Promise.all([
        uploadRequest(down.request, tenant.workspaceId, headers, {
          filename: 'notes.txt',
          contentType: 'text/plain',
          bytes: Buffer.from('Written while the workflow service was down.'),
        }),
        down.request('POST', `/v1/workspaces/${tenant.workspaceId}/role`, {
          headers,
          json: { name: 'Support', customerRoleId: 'support-while-down' },
        }),
      ]);
      const took = Date.now() - started;
      for (const res of [upload, role]) {
        assertError(res, 503, JOBS_CANNOT_START);
        assert.equal(res.headers['retry-after'], '5');
        assert.equal(res.body.code, 'service_unavailable');
        // Refused at once (UNAVAILABLE: nothing was started), or by the deadline (it may have started).
        assert.match(res.body.hint, /nothing was started|may still have started/);
      }
      // The client's last retry may end a little after the deadline; never the half minute of its whole retry policy.
      assert.ok(took < 2 * JOB_START_DEADLINE_MS, `answered in ${took} ms`);
      const rows = await stack.deps.db('upload_file_metadata').where({ workspace_id: tenant.workspaceId });
      assert.equal(rows.length, 0, 'the upload record was removed');
      const stored = await stack.deps.storage.list(workspacePrefix(tenant.organizationId, tenant.workspaceId));
      assert.deepEqual(stored, [], 'its bytes were removed');
      const roles = await stack.request('GET', `/v1/workspaces/${tenant.workspaceId}/role`, { headers });
      assert.equal(roles.body.length ?? roles.body.data?.length ?? 0, 0, 'no role was made');
    } finally {
      await connection.close();
    }
  });
});
