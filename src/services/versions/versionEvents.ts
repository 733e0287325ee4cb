// knowledge.version_restored: a restore happens in a request, not a workflow, so its event is recorded here
// and each delivery handed to a delivery workflow, as workflows/webhooks.ts does for the workflows' events.
import type { Deps } from '../deps';
import { emitWebhookEvent } from '../webhooks/webhookEvents';

/** Tells the workspace's endpoints that `version` is current again (after `previousVersion`); never fails the restore. */
export async function emitVersionRestored(
  deps: Pick<Deps, 'db' | 'temporal' | 'config' | 'logger'>,
  workspaceId: string,
  knowledgeId: string,
  version: number,
  previousVersion: number,
): Promise<void> {
  try {
    await emitWebhookEvent(
      deps,
      {
        workspaceId,
        type: 'knowledge.version_restored',
        timestamp: new Date().toISOString(),
        data: { knowledgeId, version, previousVersion },
      },
      { knowledgeId },
    );
  } catch (err) {
    deps.logger.warn({ err, workspaceId, knowledgeId }, 'knowledge.version_restored not emitted');
  }
}
