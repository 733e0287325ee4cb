import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';

export const metricsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    tag: 'Operations',
    summary:
      "Prometheus metrics of this API process (request latency by route, ingestion, webhooks, the process's own)",
    description:
      'Outside the workspace credentials: open, or, when the deployment sets METRICS_TOKEN, only with ' +
      '`Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The worker serves the same on its own port ' +
      '(WORKER_METRICS_PORT).',
    security: [{}, { metricsToken: [] }],
    responses: {
      200: {
        description: 'The Prometheus text exposition format (version 0.0.4)',
        schema: z.string(),
        contentType: 'text/plain',
      },
    },
    errors: { 401: ['Invalid or missing metrics token'] },
  },
];
