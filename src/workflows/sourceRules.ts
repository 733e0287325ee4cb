// Applies a change of a source's rules to every document it brought (services/sources/sourceRules.ts starts it as
// `source-rules:<workspace>:<source>:<version>`): batches of documents not yet at the version get the roles and
// attributes of the rule they match now, read from the facts the last sync recorded, so nothing is fetched or
// embedded again. Each batch is one transaction and idempotent (a document at the version is not taken again),
// so a worker killed mid-batch leaves it to the next attempt on another worker. Then the root item gives up its
// roles (a source with rules keeps them on its documents), and the documents whose roles changed are told in
// knowledge.roles_changed events of up to 100 documents each. A newer change of the rules supersedes the job.
import { makeContinueAsNewFunc, proxyActivities, setCurrentDetails, workflowInfo } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import type { ApplySourceRulesInput, ApplySourceRulesResult, WebhookEventRecorded } from './contracts';
import { emitWebhookEvent } from './webhooks';

const steps = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 20 },
});

/** Documents per batch (one transaction each). */
const BATCH = 200;

/**
 * Sends the documents' pending knowledge.roles_changed events, one event per claimed batch; `from` numbers the
 * batches already sent by this job (a continued run goes on counting). Answers how many were sent.
 */
export async function sendRolesChanged(
  workspaceId: string,
  sourceId: string,
  keyPrefix: string,
  from = 0,
  continueNow: (sent: number) => boolean = () => false,
): Promise<{ sent: number; stopped: boolean }> {
  let sent = from;
  for (;;) {
    let more = false;
    let documents = 0;
    const batchKey = `${keyPrefix}:${sent + 1}`;
    const record = async (input: { timestamp: string }): Promise<WebhookEventRecorded> => {
      const out = await steps.recordRolesChanged({ workspaceId, sourceId, batchKey, timestamp: input.timestamp });
      more = out.more;
      documents = out.documents;
      return out;
    };
    await emitWebhookEvent(
      workspaceId,
      'knowledge.roles_changed',
      {},
      undefined,
      record as Activities['recordWebhookEvent'],
    );
    if (documents === 0) return { sent, stopped: false };
    sent += 1;
    if (!more) return { sent, stopped: false };
    if (continueNow(sent)) return { sent, stopped: true };
  }
}

export async function applySourceRulesWorkflow(input: ApplySourceRulesInput): Promise<ApplySourceRulesResult> {
  const { workspaceId, sourceId, rulesVersion } = input;
  const ids = { workspaceId, sourceId, rulesVersion };
  const at = input.resume ?? { applied: 0, changed: 0, phase: 'apply' as const, eventBatches: 0 };
  const continueFrom = () => {
    const info = workflowInfo();
    return makeContinueAsNewFunc<typeof applySourceRulesWorkflow>({
      memo: info.memo,
      typedSearchAttributes: info.typedSearchAttributes,
    })({ ...input, resume: { ...at } });
  };
  const suggested = () => workflowInfo().continueAsNewSuggested;

  if (at.phase === 'apply') {
    for (;;) {
      setCurrentDetails(`Applying the rules: ${at.applied} documents done, ${at.changed} changed roles`);
      const batch = await steps.applySourceRulesBatch({ ...ids, limit: input.batchSize ?? BATCH });
      if (batch.superseded) {
        return { status: 'SUPERSEDED', applied: at.applied, changed: at.changed, events: at.eventBatches };
      }
      at.applied += batch.applied;
      at.changed += batch.changed;
      if (!batch.more) break;
      if (suggested()) return continueFrom();
    }
    await steps.finishSourceRules(ids);
    at.phase = 'events';
  }
  setCurrentDetails('Sending knowledge.roles_changed');
  const events = await sendRolesChanged(workspaceId, sourceId, workflowInfo().workflowId, at.eventBatches, suggested);
  at.eventBatches = events.sent;
  if (events.stopped) return continueFrom();
  setCurrentDetails(`Completed: ${at.applied} documents, ${at.changed} changed roles`);
  return { status: 'COMPLETED', applied: at.applied, changed: at.changed, events: at.eventBatches };
}
