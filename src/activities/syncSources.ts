// Source sync activities: the steps are services/sources/sourceSyncSteps.ts's (idempotent, their state in the
// database); the activities add the heartbeats (a long listing or fetch keeps its attempt, a dead worker's
// is retried within a minute) and the failure types.
import { Context } from '@temporalio/activity';
import {
  beginSourceSync,
  clearPurgeOutbox,
  completeSourceDocuments,
  dropOrphanSchedule,
  fetchSourceDocuments,
  finishSourceSync,
  listSourceDocuments,
  reassignSourceDocuments,
  removeVanishedDocuments,
  type SyncStepDeps,
} from '../services/sources/sourceSyncSteps';
import type { Activities } from '../workflows/activityContract';
import { classifyFailures } from './failures';
import { withHeartbeat } from './heartbeat';

type SyncActivities = Pick<
  Activities,
  | 'beginSourceSync'
  | 'listSourceDocuments'
  | 'fetchSourceDocuments'
  | 'completeSourceDocuments'
  | 'reassignSourceDocuments'
  | 'removeVanishedDocuments'
  | 'finishSourceSync'
  | 'clearPurgeOutbox'
  | 'dropOrphanSchedule'
>;

const step = () => {
  const ctx = Context.current();
  return { signal: ctx.cancellationSignal, heartbeat: (d?: unknown) => ctx.heartbeat(d) };
};

export function createSyncSourceActivities(deps: SyncStepDeps): SyncActivities {
  return classifyFailures({
    async beginSourceSync(input) {
      return beginSourceSync(deps, input);
    },
    async listSourceDocuments(input) {
      return withHeartbeat('listing', () => listSourceDocuments(deps, input, step()));
    },
    async fetchSourceDocuments(input) {
      return withHeartbeat('fetching', () => fetchSourceDocuments(deps, input, step()));
    },
    async completeSourceDocuments(input) {
      return completeSourceDocuments(deps, input);
    },
    async reassignSourceDocuments(input) {
      return withHeartbeat('reassigning', () => reassignSourceDocuments(deps, input));
    },
    async removeVanishedDocuments(input) {
      return removeVanishedDocuments(deps, input);
    },
    async finishSourceSync(input) {
      return finishSourceSync(deps, input);
    },
    async clearPurgeOutbox(input) {
      return clearPurgeOutbox(deps, input);
    },
    async dropOrphanSchedule(input) {
      return dropOrphanSchedule(deps, input);
    },
  } satisfies SyncActivities);
}
