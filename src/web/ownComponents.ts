// The service's own components as outbound targets: its S3 store, the Temporal frontend, Web UI, HTTP API and
// metrics, PostgreSQL, the metrics ports, the OTLP collector and its own listeners (the API's port, the embedded
// PostgreSQL socket).
// No outbound request ever connects to one of them, whatever a use's private-network setting: the door
// (src/web/fetch.ts) asks componentAt(address, port) inside every connection's lookup, and for an IP literal
// before connecting. A tenant who may crawl an intranet must still not read the service's blob store or its
// Temporal Web UI through it. Built once at start-up from the configuration and the endpoints the process
// resolved (an embedded component's port is known once it listens: add() records it then).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import os from 'node:os';
import type { Config } from '../config';
import { canonicalAddress } from './address';

export interface OwnComponent {
  /** What it is ('Temporal Web UI'), for the start-up log; never shown to an API caller. */
  name: string;
  /** A host name, an IP literal, or a wildcard bind address (0.0.0.0, ::). */
  host: string;
  port: number;
}

export interface OwnComponents {
  /** The own component at this address and port (any spelling of the address), or undefined. */
  componentAt(address: string, port: number): string | undefined;
  /** The own component a URL names by host name and port (before any resolution), or undefined. */
  componentNamed(host: string, port: number): string | undefined;
  /** Every component recorded, with the addresses each resolved to. */
  readonly components: ReadonlyArray<OwnComponent & { addresses: string[] }>;
  /** Records one more component (resolving its host now); a host that does not resolve is kept by name. */
  add(component: OwnComponent): Promise<void>;
}

/** Addresses that reach this machine's own listeners: loopback, the unspecified ones, its interfaces'. */
function isLocalAddress(canonical: string): boolean {
  if (/^127\./.test(canonical) || canonical === '0.0.0.0') return true;
  if (canonical === '0:0:0:0:0:0:0:1' || canonical === '0:0:0:0:0:0:0:0') return true;
  return Object.values(os.networkInterfaces()).some((list) =>
    (list ?? []).some((i) => canonicalAddress(i.address) === canonical),
  );
}

const WILDCARDS = new Set(['0.0.0.0', '::', 'localhost', 'localhost.']);
const bareName = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * The own components, resolved once. A component whose host is this machine (loopback, a wildcard bind address,
 * `localhost`, an address of one of its interfaces) is refused at every local address on its port; any other at
 * each address its host resolved to.
 */
export async function resolveOwnComponents(
  list: OwnComponent[],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
): Promise<OwnComponents> {
  const localPorts = new Map<number, string>();
  const remote = new Map<string, string>();
  const named = new Map<string, string>();
  const components: Array<OwnComponent & { addresses: string[] }> = [];
  const key = (address: string, port: number) => `${canonicalAddress(address)}|${port}`;

  async function add(component: OwnComponent): Promise<void> {
    if (!Number.isInteger(component.port) || component.port <= 0 || !component.host) return;
    const host = bareName(component.host);
    named.set(`${host}|${component.port}`, component.name);
    let addresses: string[];
    if (WILDCARDS.has(host)) addresses = ['127.0.0.1'];
    else if (isIP(host)) addresses = [host];
    else addresses = await resolve(host).catch(() => []);
    components.push({ ...component, addresses });
    for (const address of addresses) {
      if (isLocalAddress(canonicalAddress(address))) localPorts.set(component.port, component.name);
      else remote.set(key(address, component.port), component.name);
    }
  }
  for (const component of list) await add(component);

  function componentAt(address: string, port: number): string | undefined {
    const canonical = canonicalAddress(address);
    const local = localPorts.get(port);
    if (local !== undefined && isLocalAddress(canonical)) return local;
    return remote.get(`${canonical}|${port}`);
  }
  return {
    componentAt,
    componentNamed(host, port) {
      const name = bareName(host);
      if (isIP(name)) return componentAt(name, port);
      return named.get(`${name}|${port}`) ?? (WILDCARDS.has(name) ? localPorts.get(port) : undefined);
    },
    components,
    add,
  };
}

/**
 * No own component: for tests of the door itself, and for the one request that reads an own component on
 * purpose (the worker runtime's metrics, src/web/fetch.ts readOwnEndpoint). Lint keeps it inside src/web.
 */
export const NO_OWN_COMPONENTS: OwnComponents = {
  componentAt: () => undefined,
  componentNamed: () => undefined,
  components: [],
  add: () => Promise.reject(new Error('NO_OWN_COMPONENTS records nothing')),
};

/** The port a URL connects to (its scheme's default when it names none). */
export const portOf = (url: URL): number =>
  url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : 0;

/** A `host:port` (or `[v6]:port`, or a URL) as a component; undefined when it names no port. */
export function parseTarget(name: string, target: string, defaultPort?: number): OwnComponent | undefined {
  const raw = target.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `tcp://${raw}`);
  } catch {
    return undefined;
  }
  const port = url.port ? Number(url.port) : url.protocol === 'tcp:' ? defaultPort : portOf(url) || defaultPort;
  if (!url.hostname || !port) return undefined;
  return { name, host: url.hostname, port };
}

/** Where the process found its components (the embedded ones' endpoints, once started). */
export interface ResolvedEndpoints {
  databaseUrl?: string;
  s3?: { endpoint?: string; bucket: string; forcePathStyle: boolean };
  temporalAddress?: string;
}

/**
 * The components a process refuses as outbound targets, from its configuration and the endpoints it resolved:
 * PostgreSQL, the S3 store (and its virtual-hosted bucket name), the Temporal frontend, Web UI, HTTP API and
 * metrics (the dev server's on this machine, and the same ports on the frontend's host), the API's listener, the worker's
 * metrics port, the OTLP collector, and OUTBOUND_DENY_TARGETS (what the process cannot know: a Web UI on
 * another host, Grafana, the MinIO console).
 */
export function ownComponentList(config: Config, found: ResolvedEndpoints = {}): OwnComponent[] {
  const list: Array<OwnComponent | undefined> = [];
  const databaseUrl = found.databaseUrl ?? config.database.url;
  // A Unix socket (no host in the URL) is no TCP target.
  if (databaseUrl) list.push(parseTarget('PostgreSQL', databaseUrl.replace(/^postgres(ql)?:/i, 'tcp:'), 5432));
  const s3 = found.s3 ?? config.s3;
  if (s3.endpoint) {
    const store = parseTarget('S3 store', s3.endpoint);
    list.push(store);
    // Virtual-hosted addressing puts the bucket in the host name.
    if (store && !s3.forcePathStyle && !isIP(store.host)) list.push({ ...store, host: `${s3.bucket}.${store.host}` });
  }
  const temporalAddress = found.temporalAddress ?? config.temporal.address;
  const temporal = temporalAddress ? parseTarget('Temporal frontend', temporalAddress, 7233) : undefined;
  list.push(temporal);
  const { uiPort, devPort, httpPort, metricsPort } = config.temporal;
  list.push({ name: 'Temporal frontend', host: '127.0.0.1', port: devPort });
  // The dev server's listeners (src/embedded/temporal.ts pins each), and the same ports on the frontend's host:
  // a cluster's HTTP API is 7243 by default (docker-compose.yml's auto-setup too).
  const temporalListeners: Array<[string, number]> = [
    ['Temporal Web UI', uiPort],
    ['Temporal HTTP API', httpPort],
    ['Temporal metrics', metricsPort],
  ];
  for (const [name, port] of temporalListeners) {
    list.push({ name, host: '127.0.0.1', port });
    if (temporal) list.push({ name, host: temporal.host, port });
  }
  list.push({ name: 'the API', host: config.host, port: config.port });
  list.push({ name: 'worker metrics', host: config.host, port: config.observability.workerMetricsPort });
  const otlp = config.observability.tracing.endpoint;
  if (otlp) list.push(parseTarget('OTLP collector', otlp));
  for (const target of config.outbound.denyTargets) list.push(parseTarget('OUTBOUND_DENY_TARGETS', target));
  // Each host and port once (the dev server's listeners and the frontend's host are both 127.0.0.1 under npm start).
  const seen = new Set<string>();
  return list.filter((c): c is OwnComponent => {
    if (c === undefined) return false;
    const key = `${c.host.toLowerCase()}:${c.port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
