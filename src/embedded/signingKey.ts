// Secrets the run command generates when they are not configured: 32 random bytes generated once into
// <dataDir>/<name> (base64url, mode 0600) and reused across restarts. The access-token signing secret
// (jwt-secret, when JWT_SECRET is unset: tokens survive restarts) and the key of the agent servers' auth
// tokens at rest (agent-secret-key, when AGENT_SECRET_KEY is unset: stored tokens stay readable). Never log them.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SECRET_BYTES = 32;

export const loadOrCreateSigningSecret = (dataDir: string) => loadOrCreateSecret(dataDir, 'jwt-secret');
export const loadOrCreateAgentSecretKey = (dataDir: string) => loadOrCreateSecret(dataDir, 'agent-secret-key');

export async function loadOrCreateSecret(dataDir: string, name: string): Promise<Uint8Array> {
  const file = path.join(dataDir, name);
  const existing = await readSecret(file);
  if (existing) return existing;

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(SECRET_BYTES);
  // Write a temp file, then link it into place: link fails if another process got there first, and
  // then both use the winner's secret (a plain rename would let the loser overwrite it).
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${secret.toString('base64url')}\n`, { mode: 0o600 });
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = await readSecret(file);
    if (!winner) throw new Error(`${file} exists but holds no usable secret`);
    return winner;
  } finally {
    await rm(temp, { force: true });
  }
  return new Uint8Array(secret);
}

async function readSecret(file: string): Promise<Uint8Array | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const bytes = Buffer.from(text.trim(), 'base64url');
  // Refuse to silently replace a damaged secret: that would invalidate every issued token.
  if (bytes.length < SECRET_BYTES) {
    throw new Error(`${file} is damaged (fewer than ${SECRET_BYTES} bytes); remove it to generate a new secret`);
  }
  return new Uint8Array(bytes);
}
