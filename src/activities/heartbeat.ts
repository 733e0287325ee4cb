// Heartbeats while an activity waits on long work (the extraction sandbox, the embedding model), so a
// short heartbeat timeout tells a dead worker from a slow file: a crashed worker's activity is retried
// within seconds, while a living one keeps its attempt. The activity's cancellation signal (delivered
// with a heartbeat's answer once Temporal abandons the attempt) is handed to the work to stop it.
// Local activities (an inline item's steps, workflows/indexing.ts) do not heartbeat.
import { Context } from '@temporalio/activity';

/** Well inside the workflows' heartbeat timeouts (ACTIVITY_HEARTBEAT_TIMEOUT). */
export const HEARTBEAT_EVERY_MS = 2_000;

export async function withHeartbeat<T>(details: unknown, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctx = Context.current();
  // A local activity has no heartbeat (the worker keeps its workflow task alive instead); its cancellation
  // signal still stops the work.
  if (ctx.info.isLocal) return work(ctx.cancellationSignal);
  ctx.heartbeat(details);
  const timer = setInterval(() => ctx.heartbeat(details), HEARTBEAT_EVERY_MS);
  try {
    return await work(ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}
