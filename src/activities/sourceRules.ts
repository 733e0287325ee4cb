// The rules job's activities (workflows/sourceRules.ts): the steps are services/sources/sourceRules.ts's, idempotent and
// in the database; a batch heartbeats while it runs, so a worker killed mid-batch is retried elsewhere within a
// minute (its transaction rolled back with it).
import type { Db } from '../db/knex';
import { applySourceRulesBatch, finishSourceRules, recordRolesChanged } from '../services/sources/sourceRules';
import type { WebhookDeliveryDeps } from '../services/webhooks/webhookDelivery';
import type { Activities } from '../workflows/activityContract';
import { withHeartbeat } from './heartbeat';

type RulesActivities = Pick<Activities, 'applySourceRulesBatch' | 'finishSourceRules' | 'recordRolesChanged'>;

export function createSourceRulesActivities(deps: {
  db: Db;
  webhooks: WebhookDeliveryDeps['webhooks'];
}): RulesActivities {
  return {
    async applySourceRulesBatch(input) {
      return withHeartbeat('applying rules', () => applySourceRulesBatch(deps, input));
    },
    async finishSourceRules(input) {
      return finishSourceRules(deps, input);
    },
    async recordRolesChanged(input) {
      return recordRolesChanged(deps, input);
    },
  };
}
