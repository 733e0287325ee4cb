// Webhook endpoint validation through the service on the real database (medium tier): every field's form is
// checked before the URL's address is (a DNS lookup), so a body with bad events hears about its events whatever
// its host, and an unresolvable or private host is reported only once the rest is right. Deliveries, which need
// Temporal, are in test/webhooks/webhooks.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../src/errors';
import {
  createWebhook,
  updateWebhook,
  WebhookMessages,
  type WebhookDeps,
} from '../../../src/services/webhooks/webhooks';
import { createWorkspace, type Workspace } from '../../helpers/actors';
import { getMediumStack, type MediumStack } from '../../helpers/medium';

/** The AppError a call rejects with. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (err) {
    assert.ok(err instanceof AppError, `an AppError, not ${String(err)}`);
    return err;
  }
  assert.fail('the call was refused');
}

describe('webhooks service', function () {
  this.timeout(60_000);
  let stack: MediumStack, ws: Workspace, deps: WebhookDeps;
  // A name that never resolves (RFC 6761), and this machine's address, which the policy refuses.
  const unresolvable = 'https://kws-no-such-host.invalid/hooks';
  const privateHost = 'https://127.0.0.1/hooks';

  beforeEach(async () => {
    stack = await getMediumStack();
    ws = await createWorkspace(stack.deps.db);
    deps = {
      ...stack.deps,
      config: { ...stack.deps.config, webhooks: { ...stack.deps.config.webhooks, allowPrivateTargets: false } },
    };
  });

  it('reports bad events before the host: an unresolvable or private host with bad events answers the events', async () => {
    for (const url of [unresolvable, privateHost]) {
      const err = await refusal(createWebhook(deps, ws.workspace.id, { url, events: ['knowledge.nope'] }));
      assert.equal(err.status, 400, url);
      assert.equal(err.message, WebhookMessages.badEvents, url);
      assert.equal(err.help.param, 'events[0]');
    }
    // With the events right, the host is what is wrong.
    for (const url of [unresolvable, privateHost]) {
      const err = await refusal(createWebhook(deps, ws.workspace.id, { url, events: ['knowledge.completed'] }));
      assert.equal(err.status, 400, url);
      assert.equal(err.help.param, 'url', url);
      assert.match(err.message, /host/, url);
    }
  });

  it('names url, with a hint, when the URL is not an absolute http(s) one', async () => {
    const err = await refusal(createWebhook(deps, ws.workspace.id, { url: 'ftp://x.example/', events: ['nope'] }));
    assert.equal(err.message, WebhookMessages.badUrl);
    assert.equal(err.help.code, 'invalid_field');
    assert.equal(err.help.param, 'url');
    assert.match(err.help.hint ?? '', /absolute http\(s\) URL/);
  });

  it('checks an update the same way, fields first, before looking the endpoint up', async () => {
    const err = await refusal(updateWebhook(deps, ws.workspace.id, randomUUID(), { url: unresolvable, events: [] }));
    assert.equal(err.status, 400);
    assert.equal(err.message, WebhookMessages.badEvents);
  });
});
