// The service's Temporal schedules, created (or brought up to date) by every worker at start; their ids
// carry the task queue, so deployments sharing a namespace keep their own.
import { ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import { jobSearchAttributes, SOURCE_SYNC_JOB_KIND, type SyncSourceInput } from '../workflows/contracts';
import { reapOrphanUploadsWorkflow } from '../workflows/reapOrphanUploads';
import { syncSourceWorkflow } from '../workflows/syncSource';
import type { TemporalDeps } from './client';
import { fairnessKey } from './jobs';

export const orphanReaperScheduleId = (taskQueue: string) => `reap-orphan-uploads:${taskQueue}`;

export async function ensureOrphanReaperSchedule(
  temporal: TemporalDeps,
  opts: { every: Duration; grace: Duration },
): Promise<string> {
  const scheduleId = orphanReaperScheduleId(temporal.taskQueue);
  const action = {
    type: 'startWorkflow' as const,
    workflowType: reapOrphanUploadsWorkflow,
    workflowId: scheduleId,
    taskQueue: temporal.taskQueue,
    args: [{ grace: opts.grace }] as [{ grace: Duration }],
  };
  const spec = { intervals: [{ every: opts.every }] };
  try {
    await temporal.client.schedule.create({
      scheduleId,
      spec,
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
  return scheduleId;
}

/** One schedule per synced source; its runs' workflow ids start with it (Temporal appends the time). */
export const sourceScheduleId = (workspaceId: string, sourceId: string) => `source-sync:${workspaceId}:${sourceId}`;

/**
 * Creates or updates the source's schedule: a sync every `everySeconds`, skipped while one is running, paused
 * or not; with the search attributes and memo of every job of the workspace.
 */
export async function upsertSourceSchedule(
  temporal: TemporalDeps,
  s: { workspaceId: string; sourceId: string; everySeconds: number; paused: boolean; purgeDelay: Duration },
): Promise<string> {
  const scheduleId = sourceScheduleId(s.workspaceId, s.sourceId);
  const typedSearchAttributes = jobSearchAttributes({ workspaceId: s.workspaceId, jobKind: SOURCE_SYNC_JOB_KIND });
  const action = {
    type: 'startWorkflow' as const,
    workflowType: syncSourceWorkflow,
    workflowId: scheduleId,
    taskQueue: temporal.taskQueue,
    args: [{ workspaceId: s.workspaceId, sourceId: s.sourceId, purgeDelay: s.purgeDelay }] as [SyncSourceInput],
    memo: { workspaceId: s.workspaceId, sourceId: s.sourceId },
    typedSearchAttributes,
    // Every job's fairness key (jobs.ts startJob): a scheduled sync queues round the workspaces too. The SDK's
    // schedule options type lacks the field, but its encoder sends it (ScheduleDescription reads it back).
    priority: { fairnessKey: fairnessKey(s.workspaceId) },
  };
  const spec = { intervals: [{ every: s.everySeconds * 1000 }] };
  const policies = { overlap: ScheduleOverlapPolicy.SKIP };
  try {
    await temporal.client.schedule.create({
      scheduleId,
      spec,
      action,
      policies,
      state: { paused: s.paused },
      memo: { workspaceId: s.workspaceId, sourceId: s.sourceId },
      typedSearchAttributes,
    } as Parameters<typeof temporal.client.schedule.create>[0]);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.client.schedule.getHandle(scheduleId).update((previous) => ({
      ...previous,
      spec,
      action,
      policies: { ...previous.policies, ...policies },
      state: { ...previous.state, paused: s.paused },
    }));
  }
  return scheduleId;
}

/** Deletes the source's schedule (absent: nothing to do). */
export async function deleteSourceSchedule(
  temporal: TemporalDeps,
  workspaceId: string,
  sourceId: string,
): Promise<void> {
  try {
    await temporal.client.schedule.getHandle(sourceScheduleId(workspaceId, sourceId)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
