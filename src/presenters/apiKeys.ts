// An API key as the API and the CLI show it: never the key or its hash, only the prefix it starts with.
import type { ApiKeyRow } from '../db/rows';

export const presentApiKey = (r: ApiKeyRow) => ({
  id: r.id,
  name: r.name,
  prefix: r.display_prefix,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at ? r.last_used_at.toISOString() : null,
  revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
});
