// The service's Temporal schedules, created (or brought up to date) by every worker at start; their ids
// carry the task queue, so deployments sharing a namespace keep their own.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import { reapOrphanUploadsWorkflow } from '../workflows/reapOrphanUploads';
import type { TemporalDeps } from './client';

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
