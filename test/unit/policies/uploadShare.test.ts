// The share of the process's upload slots one workspace may hold (src/policies/uploadShare.ts).
import assert from 'node:assert/strict';
import { workspaceUploadShare } from '../../../src/policies/uploadShare';

describe('workspaceUploadShare', () => {
  it('is a quarter of the process slots by default, at least one', () => {
    assert.equal(workspaceUploadShare(8), 2);
    assert.equal(workspaceUploadShare(16), 4);
    assert.equal(workspaceUploadShare(3), 1);
    assert.equal(workspaceUploadShare(1), 1);
  });

  it('takes the configured share, never more than the process has', () => {
    assert.equal(workspaceUploadShare(8, 5), 5);
    assert.equal(workspaceUploadShare(8, 20), 8);
  });
});
