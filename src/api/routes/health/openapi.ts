import { z } from 'zod';
import { ErrorBodySchema, integerHeader, type ApiOperation } from '../../openapi/operation';
import { LivenessSchema, NotReadySchema, ReadySchema } from './schema';

export const healthOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tag: 'Health',
    summary: 'Liveness',
    responses: { 200: { description: 'The process serves requests', schema: LivenessSchema } },
  },
  {
    method: 'get',
    path: '/health/ready',
    operationId: 'getReadiness',
    tag: 'Health',
    summary: 'Readiness: database, Temporal and storage',
    responses: {
      200: { description: 'Every dependency answers', schema: ReadySchema },
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
  },
];
