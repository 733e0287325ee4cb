// Hand-written example of the document's answer: abridged to one operation (the real one lists them all).
import { example } from '../../openapi/operation';

export const openApiDocumentExamples = {
  response: {
    abridged: example(
      'The document, abridged to its first operation',
      {
        openapi: '3.1.0',
        info: { title: 'Knowledge Workspace Service', version: 'v1' },
        paths: {
          '/health': {
            get: {
              operationId: 'getHealth',
              tags: ['Health'],
              summary: 'Liveness',
              responses: {
                '200': {
                  description: 'The process serves requests',
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        properties: { status: { type: 'string', const: 'ok' } },
                        required: ['status'],
                        additionalProperties: false,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      'The answer is this whole document (servers, tags, every path, components); here one path stands for them.',
    ),
  },
};
