import type { Logger } from 'pino';

/** Runs `shutdown` once on SIGINT/SIGTERM (a second signal forces exit), then exits with its outcome. */
export function onShutdownSignal(logger: Logger, shutdown: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting immediately');
      process.exit(130);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    shutdown(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
