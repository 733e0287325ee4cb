// Who may read /metrics (src/policies/metrics.ts): anyone without METRICS_TOKEN, only its bearer with one.
import assert from 'node:assert/strict';
import { metricsAuthorized } from '../../../src/policies/metrics';

describe('policies: metrics access', () => {
  const token = 'metrics-secret-0123456789';

  it('is open when the deployment sets no METRICS_TOKEN', () => {
    assert.equal(metricsAuthorized(undefined, undefined), true);
    assert.equal(metricsAuthorized('Bearer anything', undefined), true);
    assert.equal(metricsAuthorized(undefined, ''), true);
  });

  it('with a token, admits only `Bearer <token>` (scheme in any case, trailing space tolerated)', () => {
    assert.equal(metricsAuthorized(`Bearer ${token}`, token), true);
    assert.equal(metricsAuthorized(`bearer ${token}  `, token), true);
    for (const refused of [
      undefined,
      '',
      token,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token} extra`,
      'Bearer ',
    ]) {
      assert.equal(metricsAuthorized(refused, token), false, String(refused));
    }
  });
});
