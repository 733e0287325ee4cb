// The MCP SDK's own client against the service over real HTTPS, trusting the test stack's certificate.
import https from 'node:https';
import { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A fetch over node:https with our CA (Node's built-in fetch takes no CA option). */
export function httpsFetch(ca: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init.headers);
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : Buffer.from(await new Response(init.body).arrayBuffer());
    if (body) headers.set('content-length', String(body.length));
    return new Promise<Response>((resolve, reject) => {
      const req = https.request(
        {
          method: init.method ?? 'GET',
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          ca,
          headers: Object.fromEntries(headers),
        },
        (res) => {
          const responseHeaders = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) responseHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
          }
          const status = res.statusCode ?? 0;
          const noBody = status === 204 || status === 304 || init.method === 'HEAD';
          resolve(
            new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              headers: responseHeaders,
            }),
          );
        },
      );
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.on('error', reject);
      req.end(body);
    });
  }) as typeof fetch;
}

/** A connected MCP client for the workspace's endpoint, sending the given headers (bearer token, organizationid). */
export async function connectMcp(
  baseUrl: string,
  ca: string,
  workspaceId: string,
  headers: Record<string, string>,
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/v1/workspaces/${workspaceId}/mcp`), {
    fetch: httpsFetch(ca),
    requestInit: { headers },
  });
  const client = new Client({ name: 'kws-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
