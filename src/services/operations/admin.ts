// Administrative actions of the kws CLI (the "managed elsewhere" side of the spec).
import * as organizations from '../../db/repositories/organizations';
import * as workspaces from '../../db/repositories/workspaces';
import { createApiKey } from '../access/apiKeys';
import type { DbDeps } from '../deps';

export async function bootstrap(
  { db }: DbDeps,
  input: { organizationName: string; workspaceName: string; apiKeyName: string },
): Promise<{ organizationId: string; workspaceId: string; apiKey: string }> {
  return db.transaction(async (trx) => {
    const org = await organizations.insertOrganization(trx, { name: input.organizationName });
    const ws = await workspaces.insertWorkspace(trx, { organizationId: org.id, name: input.workspaceName });
    const { apiKey } = await createApiKey({ db: trx }, ws.id, input.apiKeyName);
    return { organizationId: org.id, workspaceId: ws.id, apiKey };
  });
}
