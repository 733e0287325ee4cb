// The read path's real corpus: documentation from Debian's packages (python3-doc, postgresql-doc-15,
// linux-doc-6.1), page by page as plain text, chunked by the service's chunker at its defaults, one item per
// page, pages taken from the sources in turn (so any prefix mixes all three), up to REAL_CORPUS_CHUNKS
// chunks. Embedded once by the default model and kept on disk (bench/results/.cache, or KWS_BENCH_CACHE_DIR):
// the vectors file holds record after record (20-byte SHA-1 of "document\0" + text, then the vector as
// float32), in corpus order, appended to and never rewritten, so the build resumes where it stopped and a
// record whose key does not match its chunk (a package upgraded) is where the file is cut and the build
// goes on. `node dist/bench/knowledge/realCorpus.js build` builds it (scripts/bench-corpus.sh runs it in
// the background with progress in bench/results/.cache/real-corpus.log).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, open, readdir, readFile, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chunkPages, DEFAULT_CHUNK_OPTIONS } from '../../src/extract/chunk';
import type { EmbeddingProvider } from '../../src/embeddings';
import { decodeEntities, PYDOC_HTML_DIR, sphinxHtmlToText } from '../retrieval/pydoc';

export const REAL_CORPUS_CHUNKS = 100_000;

export interface CorpusPage {
  source: string;
  path: string;
  title: string;
  text: string;
}

export interface CorpusChunk {
  /** The page's position in the corpus (its item). */
  page: number;
  index: number;
  text: string;
}

export interface RealCorpus {
  pages: CorpusPage[];
  chunks: CorpusChunk[];
  /** Pages available per source, and how many the corpus took. */
  sources: Array<{ name: string; package: string; pages: number; used: number }>;
}

/**
 * A page's text between the first of `starts` and the first of `ends` after it (the article without the
 * site's navigation), by the same tag walk as the Sphinx pages of the labelled set; its title from <h1>,
 * else <title>.
 */
function articleText(starts: string[], ends: string[]) {
  return (html: string): { title: string; text: string } => {
    const start = Math.min(...starts.map((m) => html.indexOf(m)).filter((i) => i >= 0), html.length);
    const from = start === html.length ? 0 : start;
    const end = Math.min(...ends.map((m) => html.indexOf(m, from)).filter((i) => i > from), html.length);
    const body = html.slice(from, end);
    const { text } = sphinxHtmlToText(body);
    const raw = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1] ?? /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
    return {
      title: decodeEntities(raw.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
      text,
    };
  };
}

async function htmlFiles(dir: string, skip: RegExp): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip.test(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.name.endsWith('.html')) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

async function htmlPages(
  source: string,
  dir: string,
  skip: RegExp,
  convert: (html: string) => { title: string; text: string },
): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const file of await htmlFiles(dir, skip)) {
    const { title, text } = convert(await readFile(path.join(dir, file), 'utf8'));
    if (text.length < 200) continue;
    pages.push({ source, path: file, title: title || file, text });
  }
  return pages;
}

/** Index, search and source-listing pages, and Sphinx's own folders. */
const NOT_ARTICLES =
  /(^|\/)(_[a-z]+|genindex[^/]*\.html|py-modindex\.html|search\.html|bookindex\.html|index\.html|all\.html)$/;

const SOURCES: Array<{
  name: string;
  package: string;
  dir: string;
  convert?: (html: string) => { title: string; text: string };
  /** Pages left out (default NOT_ARTICLES). */
  skip?: RegExp;
  pod?: boolean;
}> = [
  {
    name: 'python',
    package: 'python3-doc',
    dir: PYDOC_HTML_DIR,
    convert: articleText(['<div class="body" role="main">'], ['<div class="sphinxsidebar"']),
  },
  {
    name: 'postgresql',
    package: 'postgresql-doc-15',
    dir: '/usr/share/doc/postgresql-doc-15/html',
    // DocBook: the page between its navigation header (a table) and footer.
    convert: articleText(['</table><hr'], ['<div class="navfooter"']),
  },
  {
    name: 'linux',
    package: 'linux-doc-6.1',
    dir: '/usr/share/doc/linux-doc-6.1/html',
    convert: articleText(['<div role="main"'], ['<footer']),
    // The kernel's index pages introduce their subsystem in prose before the table of contents.
    skip: /(^|\/)(_[a-z]+|genindex\.html|search\.html)$/,
  },
  {
    name: 'django',
    package: 'python-django-doc',
    dir: '/usr/share/doc/python-django-doc/html',
    convert: articleText(['<div id="yui-main"'], ['<div class="yui-b" id="sidebar"', '<div id="ft"']),
  },
  {
    name: 'sqlalchemy',
    package: 'python-sqlalchemy-doc',
    dir: '/usr/share/doc/python-sqlalchemy-doc/html',
    convert: articleText(['<div id="docs-body"'], ['<div id="docs-bottom-navigation"']),
  },
  {
    name: 'pandas',
    package: 'python-pandas-doc',
    dir: '/usr/share/doc/python-pandas-doc/html',
    convert: articleText(['<main'], ['</main>']),
  },
  {
    name: 'scipy',
    package: 'python-scipy-doc',
    dir: '/usr/share/doc/python-scipy-doc/html',
    convert: articleText(['<main'], ['</main>']),
  },
  {
    name: 'sphinx',
    package: 'sphinx-doc',
    dir: '/usr/share/doc/sphinx-doc/html',
    convert: articleText(['<div class="body" role="main">'], ['<div class="sphinxsidebar"']),
  },
  {
    name: 'git',
    package: 'git-doc',
    dir: '/usr/share/doc/git-doc',
    convert: articleText(['<div id="content"'], ['<div id="footer"']),
  },
  {
    name: 'docutils',
    package: 'docutils-doc',
    dir: '/usr/share/doc/docutils-doc',
    convert: articleText(['<div class="document"'], ['<div class="footer"', '</body>']),
  },
  {
    name: 'requests',
    package: 'python-requests-doc',
    dir: '/usr/share/doc/python-requests-doc/html',
    convert: articleText(['<div class="body" role="main">'], ['<div class="sphinxsidebar"']),
  },
  {
    name: 'biopython',
    package: 'python-biopython-doc',
    dir: '/usr/share/doc/python-biopython-doc/Doc',
    convert: articleText(['<body'], ['</body>']),
  },
  {
    name: 'perl',
    package: 'perl-doc',
    dir: '/usr/share/perl/5.36.0/pod',
    pod: true,
  },
];

/** The corpus: sources' pages in turn, chunked, cut at `limit` chunks. */
export async function loadRealCorpus(limit = REAL_CORPUS_CHUNKS): Promise<RealCorpus> {
  const missing = SOURCES.filter((s) => !existsSync(s.dir));
  if (missing.length > 0) {
    throw new Error(
      `the real corpus needs ${missing.map((s) => s.package).join(', ')}: run scripts/bench-corpus.sh ` +
        `(apt-get install ${SOURCES.map((s) => s.package).join(' ')})`,
    );
  }
  const perSource: CorpusPage[][] = [];
  for (const s of SOURCES) {
    perSource.push(
      s.convert ? await htmlPages(s.name, s.dir, s.skip ?? NOT_ARTICLES, s.convert) : await podPages(s.name, s.dir),
    );
  }
  const pages: CorpusPage[] = [];
  const chunks: CorpusChunk[] = [];
  const used = SOURCES.map(() => 0);
  for (let round = 0; chunks.length < limit; round++) {
    let any = false;
    for (const [i, list] of perSource.entries()) {
      const page = list[round];
      if (!page || chunks.length >= limit) continue;
      any = true;
      // The last page taken may be cut, so the corpus has exactly `limit` chunks.
      const pieces = chunkPages([{ pageNumber: 1, text: page.text }], DEFAULT_CHUNK_OPTIONS).slice(
        0,
        limit - chunks.length,
      );
      const at = pages.length;
      pages.push(page);
      used[i]! += 1;
      for (const c of pieces) chunks.push({ page: at, index: c.index, text: c.text });
    }
    if (!any) break;
  }
  return {
    pages,
    chunks,
    sources: SOURCES.map((s, i) => ({ name: s.name, package: s.package, pages: perSource[i]!.length, used: used[i]! })),
  };
}

/** Perl's POD as text: commands become their text, formatting codes their content. */
export function podToText(pod: string): { title: string; text: string } {
  const lines: string[] = [];
  let title = '';
  let inPod = true;
  for (const line of pod.split('\n')) {
    if (/^=cut\b/.test(line)) {
      inPod = false;
      continue;
    }
    const command = /^=([a-z]+[0-9]?)\s*(.*)$/.exec(line);
    if (command) {
      inPod = true;
      const [, name, rest] = command;
      if (/^(head[1-4]|item)$/.test(name!)) lines.push('', rest!, '');
      if (name === 'head1' && rest === 'NAME') title = '-';
      continue;
    }
    if (!inPod) continue;
    if (title === '-' && line.trim()) title = line.trim();
    lines.push(line);
  }
  // B<>, C<>, I<>, L<>, F<>, E<>, S<>, X<> and their doubled forms (C<< >>), innermost first.
  let text = lines.join('\n');
  for (let i = 0; i < 3; i++) {
    text = text
      .replace(/[BCIFSLX]<<+\s(.*?)\s>>+/g, '$1')
      .replace(/E<([a-z]+)>/g, (_, name: string) => decodeEntities(`&${name};`))
      .replace(/X<[^<>]*>/g, '')
      .replace(/L<(?:[^<>|]*\|)?([^<>]*)>/g, '$1')
      .replace(/[BCIFS]<([^<>]*)>/g, '$1');
  }
  return { title: title === '-' ? '' : title, text: text.replace(/\n{3,}/g, '\n\n').trim() };
}

async function podPages(source: string, dir: string): Promise<CorpusPage[]> {
  const pages: CorpusPage[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.pod')).sort()) {
    const { title, text } = podToText(await readFile(path.join(dir, file), 'utf8'));
    if (text.length < 200) continue;
    pages.push({ source, path: file, title: title || file, text });
  }
  return pages;
}

const keyOf = (text: string) => createHash('sha1').update(`document\u0000${text}`).digest();

export const cacheDir = (root: string, env = process.env) =>
  env.KWS_BENCH_CACHE_DIR ? path.resolve(env.KWS_BENCH_CACHE_DIR) : path.join(root, 'bench/results/.cache');

export const vectorsFile = (dir: string, modelVersion: string) =>
  path.join(dir, `real-corpus-${createHash('sha1').update(modelVersion).digest('hex').slice(0, 12)}.bin`);

/**
 * How many of the corpus's chunks the file holds, in order (a record that does not match its chunk, or a
 * partial last record, is cut off: the build goes on from there).
 */
export async function cachedPrefix(file: string, corpus: RealCorpus, dimension: number): Promise<number> {
  if (!existsSync(file)) return 0;
  const record = 20 + 4 * dimension;
  const size = (await stat(file)).size;
  const handle = await open(file, 'r');
  let n = 0;
  try {
    const key = Buffer.alloc(20);
    const total = Math.min(Math.floor(size / record), corpus.chunks.length);
    for (; n < total; n++) {
      await handle.read(key, 0, 20, n * record);
      if (!key.equals(keyOf(corpus.chunks[n]!.text))) break;
    }
  } finally {
    await handle.close();
  }
  if (n * record !== size) await truncate(file, n * record);
  return n;
}

/** Reads the vectors of chunks [from, to) from the file (they must be cached). */
export async function readVectors(file: string, dimension: number, from: number, to: number): Promise<Float32Array[]> {
  const record = 20 + 4 * dimension;
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc((to - from) * record);
    await handle.read(buf, 0, buf.length, from * record);
    const out: Float32Array[] = [];
    for (let i = 0; i < to - from; i++) {
      const start = i * record + 20;
      out.push(new Float32Array(buf.buffer.slice(buf.byteOffset + start, buf.byteOffset + start + 4 * dimension)));
    }
    return out;
  } finally {
    await handle.close();
  }
}

/**
 * Embeds the chunks the file does not hold yet, in order, appending as it goes; `log` hears the progress
 * (done, rate, time left) every batch. Stops early when `until` returns true.
 */
export async function buildVectors(
  provider: EmbeddingProvider,
  corpus: RealCorpus,
  file: string,
  log: (msg: string) => void,
  batch = 64,
): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  let done = await cachedPrefix(file, corpus, provider.dimension);
  const total = corpus.chunks.length;
  log(`${done} of ${total} chunks cached in ${file}`);
  const started = performance.now();
  const from = done;
  while (done < total) {
    const texts = corpus.chunks.slice(done, done + batch).map((c) => c.text);
    const vectors = await provider.embedDocuments(texts);
    const records: Buffer[] = [];
    texts.forEach((text, i) => {
      records.push(keyOf(text), Buffer.from(Float32Array.from(vectors[i]!).buffer));
    });
    await appendFile(file, Buffer.concat(records));
    done += texts.length;
    const rate = (done - from) / ((performance.now() - started) / 1000);
    const left = Math.round((total - done) / rate / 60);
    log(`${done}/${total} chunks embedded (${rate.toFixed(1)}/s, about ${left} min left)`);
  }
  return done;
}

// `node dist/bench/knowledge/realCorpus.js build|count`: the background build (scripts/bench-corpus.sh).
if (require.main === module) {
  void (async () => {
    const root = path.resolve(__dirname, '../../..');
    const command = process.argv[2] ?? 'build';
    const corpus = await loadRealCorpus();
    const say = (msg: string) => console.log(`[real-corpus ${new Date().toISOString().slice(11, 19)}] ${msg}`);
    say(
      `${corpus.pages.length} pages, ${corpus.chunks.length} chunks: ` +
        corpus.sources.map((s) => `${s.package} ${s.used}/${s.pages} pages`).join(', '),
    );
    if (command === 'count') return;
    const { createLocalEmbeddingProvider, provisionedModelDir, readModelInfo } = await import('../../src/embeddings');
    const modelDir = provisionedModelDir(root);
    const info = await readModelInfo(modelDir);
    const threads = process.env.KWS_CORPUS_THREADS ? Number(process.env.KWS_CORPUS_THREADS) : undefined;
    const provider = await createLocalEmbeddingProvider({ modelDir, threads });
    try {
      await buildVectors(provider, corpus, vectorsFile(cacheDir(root), info.version), say);
      say('done');
    } finally {
      await provider.close();
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
