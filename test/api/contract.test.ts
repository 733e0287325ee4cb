// The drift guard itself: a response the document does not describe (an undocumented field, status or header, a
// wrong type) fails the request that received it; documented responses pass.
import assert from 'node:assert/strict';
import { ContractViolation, createContract, publishedContract } from '../helpers/contract';
import { createClient } from '../helpers/http';
import { getStack } from '../helpers/stack';

const WS = '5b0f3f0e-7a43-4b6e-9c39-2d1f5c0a8e11';
const ROLE = {
  id: '0d6c1d8e-4a0b-4c55-8f0e-1d2c3b4a5968',
  name: 'Support',
  description: null,
  customerRoleId: 'support',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': 'r1',
    'x-api-version': 'v1',
    ...headers,
  },
  text: JSON.stringify(body),
  body,
});

describe('drift guard (responses checked against the OpenAPI document)', () => {
  const contract = publishedContract();
  const rolePath = `/v1/workspaces/${WS}/role/${ROLE.id}`;

  it('compiles every schema of the published document (each is otherwise compiled when first needed)', async function () {
    this.timeout(120_000);
    await contract.compileAll();
  });

  it('passes a documented response', () => {
    contract.check('GET', rolePath, json(200, ROLE));
    contract.check('GET', rolePath, json(404, { error: 'Not Found', message: 'Role not found' }));
    contract.check('GET', `/v1/workspaces/${WS}/role?x=1`, json(200, { roles: [ROLE], total: 1 }));
  });

  it('fails an undocumented field', () => {
    assert.throws(
      () => contract.check('GET', rolePath, json(200, { ...ROLE, internalNote: 'x' })),
      (err) => {
        assert.ok(err instanceof ContractViolation);
        assert.match(err.message, /body does not match GET \/v1\/workspaces\/\{workspaceId\}\/role\/\{roleId\}/);
        assert.match(err.message, /additional properties/);
        return true;
      },
    );
  });

  it('fails an undocumented status, a missing field, a wrong type and a missing X-API-Version', () => {
    assert.throws(
      () => contract.check('GET', rolePath, json(409, { error: 'Conflict', message: 'x' })),
      /status not documented/,
    );
    const { name, ...nameless } = ROLE;
    void name;
    assert.throws(() => contract.check('GET', rolePath, json(200, nameless)), /must have required property 'name'/);
    assert.throws(() => contract.check('GET', rolePath, json(200, { ...ROLE, createdAt: 'yesterday' })), /date-time/);
    const res = json(200, ROLE);
    delete (res.headers as Record<string, string>)['x-api-version'];
    assert.throws(() => contract.check('GET', rolePath, res), /required header x-api-version missing/);
    assert.throws(
      () => contract.check('GET', rolePath, json(200, { error: 'x', message: 'y' }, { 'content-type': 'text/plain' })),
      /content type text\/plain not documented/,
    );
  });

  it('expects 404 for an unknown route and 405 with Allow for an unserved method', () => {
    contract.check('GET', '/v1/nothing', json(404, { error: 'Not Found', message: 'Route not found' }));
    assert.throws(() => contract.check('GET', '/v1/nothing', json(200, {})), /expected 404/);
    contract.check('TRACE', rolePath, json(405, { error: 'Method Not Allowed', message: 'x' }, { allow: 'GET, PUT' }));
    assert.throws(() => contract.check('TRACE', rolePath, json(501, { error: 'x', message: 'y' })), /expected 405/);
  });

  it('fails the request in the test client, against a document that lacks a field the service sends', async () => {
    const stack = await getStack();
    const doc = JSON.parse((await stack.request('GET', '/openapi.json')).text);
    delete doc.paths['/health'].get.responses['200'].content['application/json'].schema.properties.status;
    const drifted = createClient(stack.baseUrl, stack.ca, { contract: createContract(doc) });
    await assert.rejects(drifted('GET', '/health'), (err) => {
      assert.ok(err instanceof ContractViolation);
      assert.match(err.message, /GET \/health answered 200: body does not match/);
      return true;
    });
    const ok = await stack.request('GET', '/health');
    assert.equal(ok.status, 200);
  });
});
