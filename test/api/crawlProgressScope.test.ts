// A website crawl's progress in POST …/background-jobs goes only to a credential that may read the crawled site:
// under ACTIVE RBAC a role-bound token whose role does not reach the site sees the job's status, not its pages.
import assert from 'node:assert/strict';
import { accessHeaders, createRole, createTenant, type Tenant } from '../helpers/factories';
import { waitForJob } from '../helpers/knowledge';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, type TestStack } from '../helpers/stack';

describe('crawl progress follows the knowledge scope', function () {
  this.timeout(180_000);
  let stack: TestStack;
  let tenant: Tenant;
  let site: TestSite;

  before(async () => {
    stack = await getStack();
    site = await startSite('127.0.0.1');
    site.routes.set('/', page('Internal wiki', ['Pages only the wiki readers see.'], ['/salaries']));
    site.routes.set('/salaries', page('Salaries', ['Salary bands of every level.']));
  });
  after(async () => {
    await site.close();
  });

  it('shows a crawl progress to the workspace and to a role that reaches the site, not to another role', async () => {
    tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const v1 = (path: string) => `/v1/workspaces/${tenant.workspaceId}${path}`;
    const readers = await createRole(stack.deps.db, tenant.workspaceId, { name: 'wiki readers' });
    const others = await createRole(stack.deps.db, tenant.workspaceId, { name: 'others' });

    const crawl = await stack.request('POST', v1('/knowledge/website'), { headers, json: { url: `${site.origin}/` } });
    assert.equal(crawl.status, 200, crawl.text);
    const jobId = crawl.body.jobId as string;
    assert.equal((await waitForJob(stack.request, tenant.workspaceId, headers, jobId)).status, 'COMPLETED');
    const rbac = await stack.request('PUT', v1('/rbac-status'), { headers, json: { rbacEnabled: true } });
    assert.equal(rbac.status, 200, rbac.text);
    const assign = await stack.request('POST', v1(`/knowledge/${crawl.body.id}/role`), {
      headers,
      json: { roleIds: [readers.id] },
    });
    assert.equal(assign.status, 200, assign.text);
    assert.equal(
      (await waitForJob(stack.request, tenant.workspaceId, headers, assign.body.workflowId)).status,
      'COMPLETED',
    );

    const jobAs = async (h: Record<string, string>) => {
      const res = await stack.request('POST', v1('/background-jobs'), { headers: h, json: { jobIds: [jobId] } });
      assert.equal(res.status, 200, res.text);
      return res.body.jobs[0] as { status: string; progress?: { pagesDone: number } };
    };
    const asWorkspace = await jobAs(headers);
    assert.equal(asWorkspace.progress?.pagesDone, 2, JSON.stringify(asWorkspace));
    const asReader = await jobAs((await accessHeaders(stack, tenant, { roleId: readers.id })).headers);
    assert.equal(asReader.progress?.pagesDone, 2, 'the role the site is assigned to sees its crawl');
    const asOther = await jobAs((await accessHeaders(stack, tenant, { roleId: others.id })).headers);
    assert.equal(asOther.status, 'COMPLETED');
    assert.equal(asOther.progress, undefined, 'a role that cannot read the site learns nothing of its pages');
  });
});
