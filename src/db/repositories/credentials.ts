// Everything a bearer credential check needs, in one round trip: the token's workspace, whether the
// minting API key is still active, whether the bound role still exists and, on routes that also take an
// x-api-key (semantic search), the active key with the presented hash.
import { preparedRows, type Tx } from '../knex';
import type { WorkspaceRow } from '../rows';

export interface CredentialContext {
  workspace: WorkspaceRow | undefined;
  apiKeyActive: boolean;
  roleExists: boolean;
  /** The active API key whose hash was presented (its workspace and stored hash), when one was. */
  presentedKey: { workspaceId: string; keyHash: string } | undefined;
}

const WORKSPACE_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'rbac_enabled',
  'rerank_default',
  'storage_quota_bytes',
  'deleted_at',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof WorkspaceRow>;

// A prepared statement: it runs on every request with a bearer credential.
const CREDENTIAL_CONTEXT_SQL = `select ${WORKSPACE_COLUMNS.map((c) => `w.${c}`).join(', ')},
       k.id is not null as api_key_active, r.id is not null as role_exists,
       pk.workspace_id as presented_key_workspace_id, pk.key_hash as presented_key_hash
  from (select 1) as one
  left join workspaces w on w.id = ?::uuid
  left join api_keys k on k.id = ?::uuid and k.workspace_id = ?::uuid and k.revoked_at is null
  left join roles r on r.id = ?::uuid and r.workspace_id = ?::uuid
    and not exists (select 1 from role_tombstones t where t.role_id = r.id)
  left join api_keys pk on pk.key_hash = ?::text and pk.revoked_at is null`;

export async function loadCredentialContext(
  db: Tx,
  input: { workspaceId: string; apiKeyId: string; roleId?: string; presentedKeyHash?: string },
): Promise<CredentialContext> {
  const { workspaceId, apiKeyId, roleId, presentedKeyHash } = input;
  const [row] = await preparedRows<
    Record<string, unknown> & {
      api_key_active: boolean;
      role_exists: boolean;
      presented_key_workspace_id: string | null;
      presented_key_hash: string | null;
    }
  >(db, 'kws_credential_context', CREDENTIAL_CONTEXT_SQL, [
    workspaceId,
    apiKeyId,
    workspaceId,
    roleId ?? null,
    workspaceId,
    presentedKeyHash ?? null,
  ]);
  const workspace =
    row?.id != null
      ? (Object.fromEntries(WORKSPACE_COLUMNS.map((c) => [c, row[c]])) as unknown as WorkspaceRow)
      : undefined;
  const presentedKey =
    row?.presented_key_workspace_id && row.presented_key_hash
      ? { workspaceId: row.presented_key_workspace_id, keyHash: row.presented_key_hash }
      : undefined;
  return {
    workspace,
    apiKeyActive: row?.api_key_active === true,
    roleExists: row?.role_exists === true,
    presentedKey,
  };
}
