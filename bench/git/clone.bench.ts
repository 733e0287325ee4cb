// The git source kind on a repository of 1,000 small files served by git http-backend on loopback: the
// listing (a shallow clone of the branch head and a walk of its tree), fetching every listed file from the
// kept clone, and one fetch that has to clone again. No database or Temporal needed:
// `node dist/bench/git/clone.bench.js [FILES]`.
import { createGitKind } from '../../src/connectors/git';
import type { SourceContext, SourceEntry } from '../../src/connectors/kind';
import { GitWorld } from '../../test/helpers/gitServer';
import { loadAverage } from '../lib/stats';
import { NO_OWN_COMPONENTS } from '../../src/web/ownComponents';

export interface GitCloneFigures {
  files: number;
  listMs: number;
  fetchAllMs: number;
  refetchOneMs: number;
  loadAverage: number[];
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export async function measureGitClone(files = 1000): Promise<GitCloneFigures> {
  const world = new GitWorld();
  const credentials = { username: 'bench', token: 'bench-token' };
  const server = await world.serve(credentials);
  const kind = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS }, allowHttp: true });
  const ctx: SourceContext = {
    signal: new AbortController().signal,
    heartbeat: () => undefined,
    previous: new Map(),
    addressPolicy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS },
  };
  try {
    const repo = world.createRepository('bench');
    for (let i = 0; i < files; i++) {
      repo.write(`docs/section-${i % 20}/page-${i}.md`, `# Page ${i}\n\n${'Some handbook text. '.repeat(10)}\n`);
    }
    repo.commit('pages');
    const config = { url: server.url('bench'), branch: 'main', paths: ['docs/**/*.md'] };

    let start = process.hrtime.bigint();
    const entries: SourceEntry[] = [];
    for await (const entry of kind.list(ctx, config, credentials)) entries.push(entry);
    const listMs = ms(start);
    if (entries.length !== files) throw new Error(`listed ${entries.length} files, expected ${files}`);

    start = process.hrtime.bigint();
    for (const entry of entries) await kind.fetch(ctx, config, credentials, entry);
    const fetchAllMs = ms(start);

    const fresh = createGitKind({ policy: { allowPrivateNetworks: true, own: NO_OWN_COMPONENTS }, allowHttp: true });
    start = process.hrtime.bigint();
    await fresh.fetch(ctx, config, credentials, entries[0]!);
    const refetchOneMs = ms(start);
    await fresh.close();

    return { files, listMs, fetchAllMs, refetchOneMs, loadAverage: loadAverage() };
  } finally {
    await kind.close();
    await server.close();
    world.dispose();
  }
}

if (require.main === module) {
  measureGitClone(Number(process.argv[2] ?? 1000)).then(
    (f) => {
      console.log(
        `git source, ${f.files} files: list (shallow clone + tree walk) ${f.listMs.toFixed(0)} ms; ` +
          `fetch all from the kept clone ${f.fetchAllMs.toFixed(0)} ms; one fetch that clones again ` +
          `${f.refetchOneMs.toFixed(0)} ms; load average ${f.loadAverage.join(' ')}`,
      );
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
