// The HTTPS certificate: the configured files when set; otherwise a self-signed one generated once into
// <dataDir>/tls and reused, so clients that pinned it keep working across restarts.
import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';

export interface TlsCertificateOptions {
  dataDir: string;
  certFile?: string;
  keyFile?: string;
  /** Names and IP addresses the generated certificate covers (default localhost, 127.0.0.1, ::1). */
  hostnames?: string[];
}

export interface TlsCertificate {
  cert: string;
  key: string;
  generated: boolean;
  certPath?: string;
}

const DEFAULT_HOSTNAMES = ['localhost', '127.0.0.1', '::1'];
const VALIDITY_DAYS = 365;
// Renew a little before expiry so a long-running service does not cross the date mid-run.
const RENEW_BEFORE_MS = 7 * 24 * 3600 * 1000;

export async function loadOrCreateTlsCertificate(opts: TlsCertificateOptions): Promise<TlsCertificate> {
  if (opts.certFile || opts.keyFile) {
    if (!opts.certFile || !opts.keyFile) throw new Error('TLS: set both the certificate and the key file, or neither');
    const [cert, key] = await Promise.all([readFile(opts.certFile, 'utf8'), readFile(opts.keyFile, 'utf8')]);
    return { cert, key, generated: false, certPath: opts.certFile };
  }

  const dir = path.join(opts.dataDir, 'tls');
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  const hostnames = opts.hostnames && opts.hostnames.length > 0 ? opts.hostnames : DEFAULT_HOSTNAMES;

  const existing = await readPair(certPath, keyPath);
  if (existing && isUsable(existing.cert, hostnames)) {
    return { ...existing, generated: false, certPath };
  }

  const { cert, key } = await generateSelfSigned(hostnames);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Key first, each written then renamed, so a crash never leaves a certificate without its key.
  await writeAtomically(keyPath, key, 0o600);
  await writeAtomically(certPath, cert, 0o644);
  return { cert, key, generated: true, certPath };
}

async function readPair(certPath: string, keyPath: string): Promise<{ cert: string; key: string } | undefined> {
  try {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    return { cert, key };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Parses, not expiring soon, and covering every requested name. */
function isUsable(certPem: string, hostnames: string[]): boolean {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certPem);
  } catch {
    return false;
  }
  if (new Date(x509.validTo).getTime() - Date.now() < RENEW_BEFORE_MS) return false;
  return hostnames.every((h) => (net.isIP(h) ? x509.checkIP(h) : x509.checkHost(h)) !== undefined);
}

async function generateSelfSigned(hostnames: string[]): Promise<{ cert: string; key: string }> {
  const notBeforeDate = new Date(Date.now() - 60_000); // tolerate small clock differences
  const notAfterDate = new Date(notBeforeDate.getTime() + VALIDITY_DAYS * 24 * 3600 * 1000);
  const commonName = hostnames.find((h) => !net.isIP(h)) ?? hostnames[0] ?? 'localhost';
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: hostnames.map((h) => (net.isIP(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h })),
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, content, { mode });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
