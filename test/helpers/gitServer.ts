// A real git server for tests: bare repositories made by the system git binary in a temporary directory,
// served over smart HTTP by `git http-backend` behind a small CGI bridge on loopback, which checks HTTP basic
// credentials. A machine without git fails here loudly (the test does not skip).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface GitServer {
  /** http://127.0.0.1:port/<name>.git for a repository made by createRepository. */
  url(name: string): string;
  port: number;
  /** Requests and TCP connections the server has seen. */
  requests: number;
  connections: number;
  close(): Promise<void>;
}

export interface Credentials {
  username: string;
  token: string;
}

/** A work tree whose commits are pushed to a bare repository the server serves. */
export class GitRepository {
  constructor(
    readonly work: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.work, env: this.env, encoding: 'utf8' }).trim();
  }

  write(file: string, content: string | Buffer): void {
    mkdirSync(path.dirname(path.join(this.work, file)), { recursive: true });
    writeFileSync(path.join(this.work, file), content);
  }

  remove(file: string): void {
    unlinkSync(path.join(this.work, file));
  }

  /** Commits everything and pushes the branch. */
  commit(message: string, branch = 'main'): string {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
    this.git('push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
    return this.git('rev-parse', 'HEAD');
  }

  /** The blob id of a file at HEAD, as git computes it. */
  blobId(file: string): string {
    return this.git('rev-parse', `HEAD:${file}`);
  }
}

export class GitWorld {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'git-world-'));
  private readonly env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: this.root,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };

  /** A bare repository `<name>.git` with a work tree that pushes to it (default branch main). */
  createRepository(name: string): GitRepository {
    const bare = path.join(this.root, 'repos', `${name}.git`);
    mkdirSync(bare, { recursive: true });
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare], { env: this.env });
    const work = path.join(this.root, 'work', name);
    mkdirSync(work, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', work], { env: this.env });
    const repo = new GitRepository(work, this.env);
    repo.git('remote', 'add', 'origin', bare);
    return repo;
  }

  /** Serves every repository over smart HTTP, answering 401 unless the request carries `credentials`. */
  async serve(credentials?: Credentials): Promise<GitServer> {
    const projectRoot = path.join(this.root, 'repos');
    const expected =
      credentials && `Basic ${Buffer.from(`${credentials.username}:${credentials.token}`).toString('base64')}`;
    const state = { requests: 0, connections: 0 };
    const server = http.createServer((req, res) => {
      state.requests++;
      if (expected && req.headers.authorization !== expected) {
        req.resume();
        res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('Unauthorized');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const cgi = spawn('git', ['http-backend'], {
        env: {
          ...this.env,
          GIT_PROJECT_ROOT: projectRoot,
          GIT_HTTP_EXPORT_ALL: '1',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: req.method ?? 'GET',
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
          ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
          REMOTE_USER: credentials?.username ?? 'anonymous',
          REMOTE_ADDR: '127.0.0.1',
        },
      });
      req.pipe(cgi.stdin);
      cgi.stdin.on('error', () => undefined);
      let head = Buffer.alloc(0);
      let headersSent = false;
      cgi.stdout.on('data', (chunk: Buffer) => {
        if (headersSent) {
          res.write(chunk);
          return;
        }
        head = Buffer.concat([head, chunk]);
        let end = head.indexOf('\r\n\r\n');
        let sep = 4;
        if (end < 0) {
          end = head.indexOf('\n\n');
          sep = 2;
        }
        if (end < 0) return;
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon < 0) continue;
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim();
          if (name === 'status') status = Number(value.split(' ')[0]);
          else headers[name] = value;
        }
        res.writeHead(status, headers);
        headersSent = true;
        res.write(head.subarray(end + sep));
      });
      cgi.on('close', () => {
        if (!headersSent) res.writeHead(502).end('git http-backend failed');
        else res.end();
      });
    });
    server.on('connection', () => state.connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
      port,
      url: (name) => `http://127.0.0.1:${port}/${name}.git`,
      get requests() {
        return state.requests;
      },
      get connections() {
        return state.connections;
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
