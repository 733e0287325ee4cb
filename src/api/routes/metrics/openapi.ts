import { operations } from '../../openapi/operation';
import { z } from 'zod';
import type { ApiOperation } from '../../openapi/operation';

const operationsOps = operations('Operations');

export const metricsOperations: ApiOperation[] = [
  operationsOps.get('/metrics', 'getMetrics', {
    summary:
      "Prometheus metrics of this API process (request latency by route, ingestion, webhooks, the process's own)",
    description:
      'Outside the workspace credentials: open, or, when the deployment sets METRICS_TOKEN, only with ' +
      '`Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The worker serves the same on its own port ' +
      '(WORKER_METRICS_PORT).',
    ok: [200, 'The Prometheus text exposition format (version 0.0.4)', z.string(), { contentType: 'text/plain' }],
    errors: { 401: ['Invalid or missing metrics token'] },
    security: [{}, { metricsToken: [] }],
  }),
];
