import { z } from 'zod';
import { ErrorBodySchema, integerHeader, type ApiOperation, operations } from '../../openapi/operation';
import { LivenessSchema, NotReadySchema, ReadySchema } from './schema';
import { livenessExamples, readinessExamples } from './examples';

const healthOps = operations('Health');

export const healthOperations: ApiOperation[] = [
  healthOps.get('/health', 'getHealth', {
    summary: 'Liveness',
    examples: livenessExamples,
    ok: [200, 'The process serves requests', LivenessSchema],
  }),
  healthOps.get('/health/ready', 'getReadiness', {
    summary: 'Readiness: database, Temporal and storage',
    examples: readinessExamples,
    ok: [200, 'Every dependency answers', ReadySchema],
    also: {
      503: {
        description:
          'A dependency is down (named in message and checks), or the checks outlived REQUEST_TIMEOUT_MS ' +
          '(the error body, with Retry-After)',
        schema: z.union([NotReadySchema, ErrorBodySchema]),
        headers: z.object({
          'Retry-After': integerHeader('Seconds to wait before retrying', 'Retry-After').optional(),
        }),
      },
    },
  }),
];
