// Everything a bearer credential check needs, in one round trip: the addressed workspace, whether the
// minting API key is still active, and whether the bound role still exists.
import type { Tx } from '../knex';
import type { WorkspaceRow } from '../rows';

export interface CredentialContext {
  workspace: WorkspaceRow | undefined;
  apiKeyActive: boolean;
  roleExists: boolean;
}

const WORKSPACE_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'rbac_enabled',
  'storage_quota_bytes',
  'deleted_at',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof WorkspaceRow>;

export async function loadCredentialContext(
  db: Tx,
  input: { workspaceId: string; apiKeyId: string; roleId?: string },
): Promise<CredentialContext> {
  const row = (await db
    .select(
      ...WORKSPACE_COLUMNS.map((c) => `w.${c}`),
      db.raw('k.id is not null as api_key_active'),
      db.raw('r.id is not null as role_exists'),
    )
    .from(db.raw('(select 1) as one'))
    .leftJoin('workspaces as w', (j) => j.on('w.id', '=', db.raw('?::uuid', [input.workspaceId])))
    .leftJoin('api_keys as k', (j) =>
      j
        .on('k.id', '=', db.raw('?::uuid', [input.apiKeyId]))
        .andOn('k.workspace_id', '=', db.raw('?::uuid', [input.workspaceId]))
        .andOnNull('k.revoked_at'),
    )
    .leftJoin('roles as r', (j) =>
      j
        .on('r.id', '=', db.raw('?::uuid', [input.roleId ?? null]))
        .andOn('r.workspace_id', '=', db.raw('?::uuid', [input.workspaceId])),
    )
    .first()) as (Record<string, unknown> & { api_key_active: boolean; role_exists: boolean }) | undefined;
  const workspace =
    row?.id != null
      ? (Object.fromEntries(WORKSPACE_COLUMNS.map((c) => [c, row[c]])) as unknown as WorkspaceRow)
      : undefined;
  return { workspace, apiKeyActive: row?.api_key_active === true, roleExists: row?.role_exists === true };
}
