// Website crawling through the whole service: a generated site of `pages` pages served on loopback (each
// page a few paragraphs with navigation and a footer; the start page links them all), crawled through
// POST …/knowledge/website, then recrawled unchanged (every page fetched again, none re-indexed). Also the
// main-text extraction alone (Readability on linkedom) for pages of 10 KB, 100 KB and 1 MB. Figures only.
import { performance } from 'node:perf_hooks';
import { accessHeaders, createTenant } from '../../test/helpers/factories';
import { page, startSite } from '../../test/helpers/site';
import type { TestStack } from '../../test/helpers/stack';
import { parseHtmlPage } from '../../src/web/html';
import { loadAverage, random, round, sleep, summarize, type Summary } from '../lib/stats';

export interface WebBenchResult {
  loadAverage: number[];
  pages: number;
  politenessDelayMs: number;
  crawl: { seconds: number; pagesPerSecond: number; chunks: number };
  recrawlUnchanged: { seconds: number; pagesPerSecond: number };
  /** Main-text extraction of one page, ms. */
  extraction: Record<'10KB' | '100KB' | '1MB', Summary>;
}

const WORDS = 'analytics warehouse dashboard metric revenue pipeline customer report insight query latency team'.split(
  ' ',
);

function paragraphs(next: () => number, count: number): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 60 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '),
  );
}

function htmlOfSize(bytes: number, next: () => number): string {
  const body: string[] = [];
  while (body.join('').length < bytes) body.push(...paragraphs(next, 10));
  return page('Large page', body, ['/a', '/b']).html;
}

export async function measureWeb(stack: TestStack, pages = 100): Promise<WebBenchResult> {
  const next = random(14);
  const extraction = {} as WebBenchResult['extraction'];
  for (const [label, size] of [
    ['10KB', 10_000],
    ['100KB', 100_000],
    ['1MB', 1_000_000],
  ] as const) {
    const html = htmlOfSize(size, next);
    const runs: number[] = [];
    for (let i = 0; i < (size > 500_000 ? 3 : 20); i++) {
      const t = performance.now();
      parseHtmlPage(html, new URL('https://bench.example/page'));
      runs.push(performance.now() - t);
    }
    extraction[label] = summarize(runs);
  }

  const site = await startSite();
  try {
    for (let i = 0; i < pages; i++) {
      // The start page links every page (depth 1), each page its next three neighbours and home.
      const links =
        i === 0
          ? Array.from({ length: pages - 1 }, (_, j) => `/p${j + 1}`)
          : [1, 2, 3].map((d) => (i + d < pages ? `/p${i + d}` : '/')).concat('/');
      site.routes.set(i === 0 ? '/' : `/p${i}`, page(`Page ${i}`, paragraphs(next, 4), links));
    }
    const tenant = await createTenant(stack.deps.db);
    const { headers } = await accessHeaders(stack, tenant);
    const k = (p: string) => `/v1/workspaces/${tenant.workspaceId}/knowledge${p}`;
    const waitFor = async (jobId: string) => {
      for (;;) {
        const res = await stack.request('POST', `/v1/workspaces/${tenant.workspaceId}/background-jobs`, {
          headers,
          json: { jobIds: [jobId] },
        });
        if (res.body.jobs[0].status !== 'RUNNING') return res.body.jobs[0];
        await sleep(100);
      }
    };
    let t = performance.now();
    const created = await stack.request('POST', k('/website'), {
      headers,
      json: { url: `${site.origin}/`, maxPages: pages, maxDepth: 10 },
    });
    const first = await waitFor(created.body.jobId);
    const crawlSeconds = (performance.now() - t) / 1000;
    if (first.progress.pagesDone !== pages) throw new Error(`crawled ${JSON.stringify(first.progress)}`);
    const [chunks] = await stack.deps
      .db('knowledge_chunks as c')
      .join('knowledge as k', 'k.id', 'c.knowledge_id')
      .where('k.parent_id', created.body.id)
      .count<{ n: string }[]>({ n: '*' });

    t = performance.now();
    const again = await stack.request('POST', k(`/${created.body.id}/recrawl`), { headers });
    await waitFor(again.body.jobId);
    const recrawlSeconds = (performance.now() - t) / 1000;
    return {
      loadAverage: loadAverage(),
      pages,
      politenessDelayMs: stack.config.web.politenessDelayMs,
      crawl: { seconds: round(crawlSeconds), pagesPerSecond: round(pages / crawlSeconds), chunks: Number(chunks?.n) },
      recrawlUnchanged: { seconds: round(recrawlSeconds), pagesPerSecond: round(pages / recrawlSeconds) },
      extraction,
    };
  } finally {
    await site.close();
  }
}
