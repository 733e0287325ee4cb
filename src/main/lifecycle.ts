import type { Logger } from 'pino';

/**
 * A repeat of the first signal within this time is the same Ctrl-C arriving twice, not a second one: a terminal
 * sends SIGINT to the whole process group, and `npm start` (npm's run-script) forwards it to the service as well.
 */
export const SIGNAL_ECHO_MS = 1000;

type ShutdownLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * The signal handler: runs `shutdown` once on the first signal, then exits with its outcome; a later signal forces
 * exit (130), except the first one's echo (the same signal within SIGNAL_ECHO_MS), which is logged and ignored.
 */
export function shutdownHandler(
  logger: ShutdownLogger,
  shutdown: (signal: string) => Promise<void>,
  {
    exit = (code: number): void => process.exit(code),
    now = () => performance.now(),
  }: { exit?: (code: number) => void; now?: () => number } = {},
): (signal: NodeJS.Signals) => void {
  let first: { signal: NodeJS.Signals; at: number; echoed: boolean } | undefined;
  return (signal) => {
    if (first) {
      // One echo of the first signal, soon after it; any other signal forces the exit.
      if (signal === first.signal && !first.echoed && now() - first.at < SIGNAL_ECHO_MS) {
        first.echoed = true;
        logger.info({ signal }, 'the same signal again (npm forwards a terminal Ctrl-C): still shutting down cleanly');
        return;
      }
      logger.warn({ signal }, 'second signal: exiting immediately');
      exit(130);
      return;
    }
    first = { signal, at: now(), echoed: false };
    logger.info({ signal }, 'shutting down');
    shutdown(signal).then(
      () => exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
}

/** Runs `shutdown` once on SIGINT/SIGTERM (a second signal forces exit: shutdownHandler), then exits with its outcome. */
export function onShutdownSignal(logger: Logger, shutdown: (signal: string) => Promise<void>): void {
  const handler = shutdownHandler(logger, shutdown);
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
