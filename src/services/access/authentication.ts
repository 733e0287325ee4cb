// What the API's authentication guard reads about a credential: the database side of src/api/middleware/authenticate.ts.
import * as apiKeys from '../../db/repositories/apiKeys';
import { loadCredentialContext, type CredentialContext } from '../../db/repositories/credentials';
import type { DbDeps } from '../deps';

/**
 * A bearer token's own workspace, API key and role and, where an x-api-key must come too, that key: one query
 * (the guard still checks them in its own order).
 */
export const credentialContext = (
  { db }: DbDeps,
  input: { workspaceId: string; apiKeyId: string; roleId?: string; presentedKeyHash?: string },
): Promise<CredentialContext> => loadCredentialContext(db, input);

/** Records an API key's use without holding the request: a failed write is dropped. */
export function recordApiKeyUse({ db }: DbDeps, apiKeyId: string): void {
  void apiKeys.touchApiKey(db, apiKeyId).catch(() => undefined);
}
