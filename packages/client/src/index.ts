// A typed client for the Knowledge Workspace Service: openapi-fetch over the `paths` that openapi-typescript
// generated from the service's OpenAPI document (schema.ts). Every path, parameter, body and answer is checked
// by the TypeScript compiler against the published contract.
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';
export type KwsClient = Client<paths>;

export interface KwsCredentials {
  /** The workspace API key (x-api-key): the token and user space activation endpoints. */
  apiKey?: string;
  /**
   * An access token or a user space token (Authorization: Bearer). With an access token, /v1 calls also pass
   * the organization in `params.header.organizationid` (the types require it where the contract does).
   */
  token?: string;
}

/** Sets the credential headers a request does not set itself. */
export function credentialsMiddleware(credentials: KwsCredentials): Middleware {
  return {
    onRequest({ request }) {
      const { headers } = request;
      if (credentials.apiKey && !headers.has('x-api-key')) headers.set('x-api-key', credentials.apiKey);
      if (credentials.token && !headers.has('authorization'))
        headers.set('authorization', `Bearer ${credentials.token}`);
      return request;
    },
  };
}

/** A client for the service at baseUrl (for example https://kws.example.com), sending the credentials given. */
export function createKwsClient(options: ClientOptions & KwsCredentials): KwsClient {
  const { apiKey, token, ...clientOptions } = options;
  const client = createClient<paths>(clientOptions);
  client.use(credentialsMiddleware({ apiKey, token }));
  return client;
}
