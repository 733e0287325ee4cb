// The API's one start-up path, shared by the API process and the all-in-one process: the TLS certificate
// (the configured one, else one generated once under DATA_DIR) and the app on its single port.
import path from 'node:path';
import { createApp } from '../api/app';
import type { Config } from '../config';
import type { Deps } from '../services/deps';
import { loadOrCreateTlsCertificate } from '../embedded/tls';
import { startHttpServer, type RunningServer } from './httpServer';

/** The running API, and where its certificate is (the configured file, or the one generated under DATA_DIR). */
export async function startApi(deps: Deps, config: Config): Promise<RunningServer & { certPath?: string }> {
  const tls = await loadOrCreateTlsCertificate({
    dataDir: config.dataDir,
    certFile: config.tls.certFile,
    keyFile: config.tls.keyFile,
  });
  const server = await startHttpServer(createApp(deps), {
    host: config.host,
    port: config.port,
    tls,
    limits: config.http,
  });
  return Object.assign(server, { certPath: tls.certPath ? path.resolve(tls.certPath) : undefined });
}
