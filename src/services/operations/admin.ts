// Administrative actions of the kws CLI (the "managed elsewhere" side of the spec).
import type { Db } from '../../db/knex';
import * as organizations from '../../db/repositories/organizations';
import * as workspaces from '../../db/repositories/workspaces';
import { createApiKey } from '../access/apiKeys';

export async function bootstrap(
  db: Db,
  input: { organizationName: string; workspaceName: string; apiKeyName: string },
): Promise<{ organizationId: string; workspaceId: string; apiKey: string }> {
  return db.transaction(async (trx) => {
    const org = await organizations.insertOrganization(trx, { name: input.organizationName });
    const ws = await workspaces.insertWorkspace(trx, { organizationId: org.id, name: input.workspaceName });
    const { apiKey } = await createApiKey(trx, ws.id, input.apiKeyName);
    return { organizationId: org.id, workspaceId: ws.id, apiKey };
  });
}
