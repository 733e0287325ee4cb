// Where clients reach the service, for the links its answers carry (an error's docUrl): PUBLIC_URL when set, else
// the address the service serves (its HOST, and the port the connection came in on). Never the request's Host
// header, which the client chooses.
import type { Context } from 'koa';
import type { Config } from '../config';

/** https://host:port for a listening address (a wildcard address as localhost, an IPv6 literal in brackets). */
export function serviceUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `https://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function publicBaseUrl(config: Pick<Config, 'host' | 'port' | 'publicUrl'>, ctx: Pick<Context, 'req'>): string {
  return config.publicUrl ?? serviceUrl(config.host, ctx.req.socket?.localPort ?? config.port);
}
