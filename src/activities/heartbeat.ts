import { Context } from '@temporalio/activity';

/**
 * Runs long work while heartbeating every few seconds, so a short heartbeat timeout detects a dead
 * worker quickly (the retry starts on another worker within that timeout) without timing out slow work.
 */
export async function whileHeartbeating<T>(details: unknown, work: () => Promise<T>, everyMs = 5000): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat(details);
  const timer = setInterval(() => ctx.heartbeat(details), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
