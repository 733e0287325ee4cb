// Hand-written examples of the health answers.
import { example } from '../../openapi/operation';

export const livenessExamples = { response: { ok: example('The process serves requests', { status: 'ok' }) } };

export const readinessExamples = {
  response: {
    ready: example('Database, Temporal and storage all answer', {
      status: 'ready',
      checks: { database: { status: 'up' }, temporal: { status: 'up' }, storage: { status: 'up' } },
    }),
  },
};
