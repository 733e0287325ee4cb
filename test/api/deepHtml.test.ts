// A page nested far deeper than any real one, created as a URL item by an end user's credential: the worker
// reads it by the linear tag scan instead of the parser (src/web/htmlTokens.ts), so the item completes with
// its text and title in seconds, and an ordinary page fetched at the same time completes too. On the code
// before the scan, the deep page (300,000 nested <div>, 1.5 MB) held the worker's thread for minutes, and
// this test failed by its timeout. Against the real stack: PostgreSQL, Temporal and its worker, S3, a test
// website on loopback.
import assert from 'node:assert/strict';
import { waitForJob as waitJob } from '../helpers/knowledge';
import { page, startSite, type TestSite } from '../helpers/site';
import { getStack, stackWithTenant, type TestStack } from '../helpers/stack';

const SENTENCE = 'The lighthouse keeper logs the tide at dawn and dusk in a leather-bound book.';

describe('deeply nested HTML (URL items, end to end)', function () {
  this.timeout(60_000);
  let stack: TestStack, headers: Record<string, string>, workspaceId: string;
  let site: TestSite;
  const k = (path = '') => `/v1/workspaces/${workspaceId}/knowledge${path}`;

  before(async () => {
    stack = await getStack();
    site = await startSite('127.0.0.1');
  });
  after(() => site.close());

  beforeEach(async () => {
    let tenant;
    ({ stack, tenant, headers } = await stackWithTenant());
    workspaceId = tenant.workspaceId;
  });

  it('a URL item of 300,000 nested <div> completes with its text and title, beside an ordinary page', async () => {
    site.routes.set('/deep', {
      html: `<!doctype html><html><head><title>Deep &amp; narrow</title></head><body>${'<div>'.repeat(300_000)}
        <h2>Tides</h2><p>${SENTENCE}</p></body></html>`,
    });
    site.routes.set('/plain', page('Harbour', ['The harbour master opens the lock gates at high water.']));
    const [deep, plain] = await Promise.all(
      ['/deep', '/plain'].map((path) =>
        stack.request('POST', k('/url'), { headers, json: { url: `${site.origin}${path}` } }),
      ),
    );
    assert.equal(deep!.status, 200, deep!.text);
    assert.equal(plain!.status, 200, plain!.text);
    for (const created of [deep!, plain!]) {
      const job = await waitJob(stack.request, workspaceId, headers, created.body.jobId as string, 45_000);
      assert.equal(job.status, 'COMPLETED', JSON.stringify(job));
    }
    const item = await stack.request('GET', k(`/${deep!.body.id}`), { headers });
    assert.equal(item.status, 200, item.text);
    assert.equal(item.body.status, 'COMPLETED');
    assert.equal(item.body.metadata.title, 'Deep & narrow');
    const chunks = await stack.request('GET', k(`/${deep!.body.id}/chunks`), { headers });
    assert.equal(chunks.status, 200, chunks.text);
    const texts = (chunks.body.chunks as Array<{ text: string }>).map((c) => c.text);
    assert.ok(
      texts.some((t) => t.includes(SENTENCE)),
      JSON.stringify(texts),
    );
  });
});
