// Workspace API keys: format sk-<word>-<secret>, stored only as a SHA-256 hash, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as apiKeys from '../../db/repositories/apiKeys';
import type { ApiKeyRow } from '../../db/rows';
import { notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { DbDeps } from '../deps';
import { lockWorkspaceScope } from '../../db/repositories/locks';
import { boundReached } from '../operations/bounds';

export const API_KEY_WORD = 'kws';
const API_KEY_PATTERN = /^sk-[a-z0-9]+-[A-Za-z0-9_-]{16,200}$/;

/** Whether a value has the shape of an API key (sk-<word>-<secret>): told apart when it is sent as a bearer token. */
export const looksLikeApiKey = (value: string): boolean => API_KEY_PATTERN.test(value);

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return `sk-${API_KEY_WORD}-${randomBytes(32).toString('base64url')}`;
}

/**
 * Creates a key for the workspace; the plain key is returned once and never stored. `maxActive` (the API's
 * WORKSPACE_MAX_API_KEYS; the operator's CLI gives none) bounds the workspace's active keys, counted under a
 * per-workspace lock so concurrent creations hold it: each key has a rate budget of its own.
 */
export async function createApiKey(
  { db }: DbDeps,
  workspaceId: string,
  name: string,
  opts: { maxActive?: number } = {},
): Promise<{ apiKey: string; row: ApiKeyRow }> {
  const apiKey = generateApiKey();
  const row = await db.transaction(async (trx) => {
    if (opts.maxActive !== undefined) {
      await lockWorkspaceScope(trx, 'api-keys', workspaceId);
      if ((await apiKeys.countActiveApiKeys(trx, workspaceId)) >= opts.maxActive) {
        throw boundReached('workspaceApiKeys', opts.maxActive);
      }
    }
    return apiKeys.insertApiKey(trx, {
      workspaceId,
      name,
      displayPrefix: apiKey.slice(0, 12),
      keyHash: hashApiKey(apiKey),
    });
  });
  return { apiKey, row };
}

/** The hash to look a presented key up by; undefined for a missing or malformed value (never looked up). */
export function presentedKeyHash(presented: string | undefined): string | undefined {
  return presented && API_KEY_PATTERN.test(presented) ? hashApiKey(presented) : undefined;
}

/** Whether a stored hash is the presented key's, compared in constant time. */
export function sameKeyHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The active key matching the presented value, or undefined. Malformed values never reach the database. */
export async function verifyApiKey({ db }: DbDeps, presented: string | undefined): Promise<ApiKeyRow | undefined> {
  const hash = presentedKeyHash(presented);
  if (!hash) return undefined;
  const row = await apiKeys.findActiveApiKeyByHash(db, hash);
  return row && sameKeyHash(row.key_hash, hash) ? row : undefined;
}

/**
 * Whether the presented key is one that was revoked. Only the holder of the key's whole secret can ask (the hash
 * must match a stored row), so the answer tells them nothing they could not know: no oracle for other keys.
 */
export async function isRevokedApiKey({ db }: DbDeps, presented: string | undefined): Promise<boolean> {
  const hash = presentedKeyHash(presented);
  return hash !== undefined && (await apiKeys.isRevokedApiKeyHash(db, hash));
}

export function listApiKeys({ db }: DbDeps, workspaceId: string): Promise<ApiKeyRow[]> {
  return apiKeys.listApiKeys(db, workspaceId);
}

/** Revoking also stops the tokens minted with the key. */
export async function revokeApiKey({ db }: DbDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await apiKeys.revokeApiKey(db, workspaceId, id))) {
    throw notFound(`API key ${id} not found or already revoked`, { pathParam: 'keyId' });
  }
}
