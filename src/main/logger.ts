import pino, { type Logger } from 'pino';
import type { Config } from '../config';

/** JSON logs to stdout; secrets never enter log records (headers and bodies are not logged). */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  return pino({
    name,
    level: config.logLevel,
    redact: { paths: ['*.authorization', '*["x-api-key"]', '*.apiKey', '*.token', '*.password'], censor: '[redacted]' },
  });
}
