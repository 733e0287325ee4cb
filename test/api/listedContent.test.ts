// A listing carries at most LISTED_CONTENT_MAX_CHARS of an item's content (domain/listing.ts): a page of a hundred
// million-character text items was a 57 MB answer, and 32 of them at once, within one end user's budget, held
// gigabytes of the API's memory. The item's own read still answers the whole text.
import assert from 'node:assert/strict';
import { LISTED_CONTENT_MAX_CHARS } from '../../src/domain/listing';
import { EXCERPT_CHARS } from '../../src/services/search/search';
import { accessHeaders, createTenant, insertItem, seededVector } from '../helpers/factories';
import { getStack, type TestStack } from '../helpers/stack';

describe('listings carry a bounded share of each item', function () {
  this.timeout(60_000);
  let stack: TestStack;
  before(async () => {
    stack = await getStack();
  });

  it('cuts a long text in the list, the metadata search and search results, and the item read answers it whole', async () => {
    const tenant = await createTenant(stack.deps.db);
    const dim = stack.deps.embeddings.dimension;
    const long = 'Expense policy. '.repeat(50_000); // 800,000 characters
    const big = await insertItem(stack.deps.db, tenant.workspaceId, {
      title: 'Big handbook',
      content: long,
      vector: seededVector(dim, 1),
    });
    const small = await insertItem(stack.deps.db, tenant.workspaceId, {
      title: 'Big memo',
      content: 'A short memo.',
      vector: seededVector(dim, 2),
    });
    const { headers } = await accessHeaders(stack, tenant);
    const base = `/v1/workspaces/${tenant.workspaceId}/knowledge`;

    const list = await stack.request('GET', `${base}?limit=100`, { headers });
    assert.equal(list.status, 200, list.text);
    const listed = new Map(list.body.knowledge.map((k: { id: string }) => [k.id, k]));
    assert.deepEqual(listed.get(big), {
      ...(listed.get(big) as object),
      content: long.slice(0, LISTED_CONTENT_MAX_CHARS),
      contentTruncated: true,
    });
    assert.equal((listed.get(small) as { content: string }).content, 'A short memo.');
    assert.equal('contentTruncated' in (listed.get(small) as object), false);

    const metadata = await stack.request('POST', `${base}/search`, {
      headers,
      json: { metadata: { type: 'STRING' }, limit: 100 },
    });
    assert.equal(metadata.status, 200, metadata.text);
    const found = metadata.body.find((k: { id: string }) => k.id === big);
    assert.equal(found.content.length, LISTED_CONTENT_MAX_CHARS);
    assert.equal(found.contentTruncated, true);

    const title = await stack.request('POST', `${base}/search-title`, { headers, json: { title: 'Big' } });
    assert.equal(title.status, 200, title.text);
    const hit = title.body.results.find((r: { id: string }) => r.id === big);
    assert.equal(hit.url, long.slice(0, EXCERPT_CHARS));
    assert.ok(hit.content.length <= EXCERPT_CHARS);
    assert.ok(title.text.length < 5_000, `title search answered ${title.text.length} bytes`);

    const item = await stack.request('GET', `${base}/${big}`, { headers });
    assert.equal(item.status, 200, item.text);
    assert.equal(item.body.content, long);
    assert.equal('contentTruncated' in item.body, false);
  });
});
