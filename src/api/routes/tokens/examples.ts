// Hand-written examples of minting access tokens (requests and the main response).
import { EXAMPLE_IDS, example } from '../../openapi/operation';
import { usedHelpCentreKey } from '../apiKeys/examples';

/** An access token as the endpoint mints them (HS256; this one's signature is made up). */
export const ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlblR5cGUiOiJhY2Nlc3MiLCJvcmdhbml6YXRpb25JZCI6IjBiN2U0YzFhLTkzZDItNGY2NS04ZTFiLTdhMmM5ZDRlNWY2MCIsIndvcmtzcGFjZUlkIjoiNmYxYzJiOWUtNGQzYS00ZThiLTlhNzEtMmM1ZDhlMGYzYjE0IiwiYXBpS2V5SWQiOiIxZTdiNWQ5YS0zZjZjLTRiOGUtYTJkNC05YzVmMWIzZTdkNjEiLCJpc3MiOiJrd3MiLCJhdWQiOiJrd3MtYXBpIiwiaWF0IjoxNzQyMjkwODAwLCJqdGkiOiI1ZDJmOGIxYy03YTNlLTRjOWQtYjZmMS0wZThhMmM0ZDZiOWYiLCJleHAiOjE3NDIyOTQ0MDB9.Yp3kX0m8S1vQ2dL7rT9wZ4nB6cF5hJ0aE8uG3iK2oMs';

export const generateTokenExamples = {
  request: {
    workspace: example(
      'The workspace credential (every /v1 route)',
      {},
      'An empty body mints a token with the workspace’s full reach: for your own backend and for trying things here.',
    ),
    role: example('Bound to a role: under ACTIVE RBAC it sees only that role’s knowledge', {
      customerRoleId: 'support-agents',
    }),
    endUser: example('For one end user: their role, and their own space only', {
      customerRoleId: 'support-agents',
      subject: 'user-4821',
    }),
  },
  response: {
    token: example('The access token (a JWT; send it as Authorization: Bearer …)', {
      token: ACCESS_TOKEN,
    }),
  },
};

export const apiKeyWorkspaceExamples = {
  response: {
    workspace: example("The key's workspace and organization", {
      workspaceId: EXAMPLE_IDS.workspaceId,
      organizationId: EXAMPLE_IDS.organizationId,
      apiKey: usedHelpCentreKey,
    }),
  },
};
