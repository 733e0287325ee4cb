// <dataDir>/runtime.json: where a running `npm start` serves its embedded components, so the admin CLI
// reaches the same database instead of opening the PGlite directory a second time. It holds the S3
// credentials of the embedded server, hence mode 0600.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export interface RuntimeInfo {
  pid: number;
  databaseUrl: string;
  s3: { endpoint: string; accessKeyId: string; secretAccessKey: string; bucket: string };
  temporalAddress: string;
  baseUrl: string;
}

const FILE_NAME = 'runtime.json';

const RuntimeInfoSchema = z.object({
  pid: z.number().int().positive(),
  databaseUrl: z.string(),
  s3: z.object({ endpoint: z.string(), accessKeyId: z.string(), secretAccessKey: z.string(), bucket: z.string() }),
  temporalAddress: z.string(),
  baseUrl: z.string(),
});

export async function writeRuntimeInfo(dataDir: string, info: RuntimeInfo): Promise<void> {
  const target = path.join(dataDir, FILE_NAME);
  // Write then rename, so a reader never sees half a file.
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** The runtime info of a running service, or undefined when there is none or its process is gone. */
export async function readLiveRuntimeInfo(dataDir: string): Promise<RuntimeInfo | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, FILE_NAME), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined; // damaged (e.g. written by hand): treat as absent
  }
  const info = RuntimeInfoSchema.safeParse(parsed);
  if (!info.success || !isProcessAlive(info.data.pid)) return undefined;
  return info.data;
}

export async function removeRuntimeInfo(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, FILE_NAME), { force: true });
}

/** Signal 0 checks existence only; EPERM means the process exists under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
