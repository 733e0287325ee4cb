import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';
import { currentRequestId } from '../observability/context';

/**
 * JSON logs to stdout; secrets never enter log records (headers and bodies are not logged). A line written
 * while serving a request, or in an activity of a workflow a request started, carries its requestId.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string, destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level: config.logLevel,
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: {
        paths: ['*.authorization', '*["x-api-key"]', '*.apiKey', '*.token', '*.password'],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination(1),
  );
}
