// The readable summary of bench/results/retrieval.json: the retrieval table per chunk setting, the chunk
// settings side by side, int8 against FP32, and the targets with the measured figures.
import { table } from '../lib/table';
import type { ContextComparisonResult } from './context.bench';
import type { ModelComparisonResult } from './models.bench';
import type { RetrievalBenchResult, RunResult } from './retrieval.bench';

const f3 = (x: number) => x.toFixed(3);

function runTable(runs: readonly RunResult[]): string {
  return table(
    [
      'run',
      'nDCG@10 all',
      'paraphrase',
      'identifier',
      'R@1',
      'R@5',
      'R@10',
      'MRR@10',
      'R@10 para',
      'R@10 ident',
      'ms/q',
    ],
    runs.map((r) => [
      r.name,
      f3(r.metrics.all.ndcgAt10),
      f3(r.metrics.paraphrase.ndcgAt10),
      f3(r.metrics.identifier.ndcgAt10),
      f3(r.metrics.all.recallAt1),
      f3(r.metrics.all.recallAt5),
      f3(r.metrics.all.recallAt10),
      f3(r.metrics.all.mrrAt10),
      f3(r.metrics.paraphrase.recallAt10),
      f3(r.metrics.identifier.recallAt10),
      r.msPerQuery,
    ]),
  );
}

const find = (runs: readonly RunResult[], prefix: string) => runs.find((r) => r.name.startsWith(prefix));

export function formatRetrievalReport(r: RetrievalBenchResult): string {
  const out: string[] = [];
  const m = r.models;
  out.push(
    `Retrieval on the labelled set ${r.date}: ${r.corpus.pages} pages of ${r.corpus.source}, ` +
      `${r.labels.questions} questions (${r.labels.paraphrase} paraphrase, ${r.labels.identifier} identifier-style); ` +
      `share of a question's words in the paragraph answering it: paraphrase ${r.labels.wordOverlap.paraphrase}, ` +
      `identifier ${r.labels.wordOverlap.identifier}`,
    `recall@k: share of questions with a relevant page in the first k; a result list is 10 pages`,
    '',
    `Embeddings: int8 ${m.speed.speedup}x FP32 (median of ${m.speed.rounds} paired rounds over ${m.speed.passages} passages: ` +
      `FP32 ${m.speed.fp32PassagesPerSecond.p50}/s, int8 ${m.speed.int8PassagesPerSecond.p50}/s; load averages ` +
      `${m.speed.loadAverages.map((l) => l[0]).join(', ')}); semantic nDCG@10 loss ${m.semanticNdcgLoss}; ` +
      `${m.rule} -> ${m.chosen}`,
    table(
      ['model', 'run', 'nDCG@10 all', 'paraphrase', 'identifier', 'R@10'],
      (['fp32', 'int8'] as const).flatMap((which) =>
        m.quality[which].map((q) => [
          which,
          q.name,
          f3(q.metrics.all.ndcgAt10),
          f3(q.metrics.paraphrase.ndcgAt10),
          f3(q.metrics.identifier.ndcgAt10),
          f3(q.metrics.all.recallAt10),
        ]),
      ),
    ),
    '',
    `Chunk settings (model ${m.chosen}): nDCG@10 over all questions`,
    table(
      ['size / overlap', 'chunks', 'BM25 chunks', 'semantic', 'keyword', 'default hybrid', 'RAG default'],
      r.chunkSettings.map((s) => [
        `${s.chunking.size} / ${s.chunking.overlap}`,
        s.chunks,
        f3(find(s.runs, 'BM25 (this script; chunks')?.metrics.all.ndcgAt10 ?? NaN),
        f3(find(s.runs, 'semantic')?.metrics.all.ndcgAt10 ?? NaN),
        f3(find(s.runs, 'keyword (any')?.metrics.all.ndcgAt10 ?? NaN),
        f3(find(s.runs, 'default:')?.metrics.all.ndcgAt10 ?? NaN),
        f3(find(s.runs, 'passages (RAG): hybrid')?.metrics.all.ndcgAt10 ?? NaN),
      ]),
    ),
  );
  for (const s of r.chunkSettings) {
    out.push('', `Chunk size ${s.chunking.size}, overlap ${s.chunking.overlap}: ${s.chunks} chunks`, runTable(s.runs));
  }
  const first = r.chunkSettings[0];
  if (first) {
    const sem = find(first.runs, 'semantic')?.metrics;
    const kw = find(first.runs, 'keyword (any')?.metrics;
    const hyb = find(first.runs, 'default:')?.metrics;
    const bm25 = find(first.runs, 'BM25 (this script; chunks')?.metrics;
    if (sem && kw && hyb && bm25) {
      const want = Math.max(sem.all.ndcgAt10, kw.all.ndcgAt10) + 0.03;
      out.push(
        '',
        `Targets (chunk size ${first.chunking.size}, overlap ${first.chunking.overlap}):`,
        `  hybrid nDCG@10 ${f3(hyb.all.ndcgAt10)} >= max(semantic ${f3(sem.all.ndcgAt10)}, keyword ${f3(kw.all.ndcgAt10)}) + 0.03 = ${f3(want)}: ${hyb.all.ndcgAt10 >= want ? 'met' : 'NOT met'}`,
        `  semantic nDCG@10 ${f3(sem.all.ndcgAt10)} >= BM25 ${f3(bm25.all.ndcgAt10)}: ${sem.all.ndcgAt10 >= bm25.all.ndcgAt10 ? 'met' : 'NOT met'}`,
        ...first.runs
          .filter((run) => run.name.startsWith('ceiling:'))
          .map(
            (run) =>
              `  ${run.name}: ${f3(run.metrics.all.ndcgAt10)} (paraphrase ${f3(run.metrics.paraphrase.ndcgAt10)}, ` +
              `identifier ${f3(run.metrics.identifier.ndcgAt10)}): what fusion reaches with an exact BM25 keyword side`,
          ),
        `  by kind, hybrid vs semantic: paraphrase ${f3(hyb.paraphrase.ndcgAt10)} vs ${f3(sem.paraphrase.ndcgAt10)}, ` +
          `identifier ${f3(hyb.identifier.ndcgAt10)} vs ${f3(sem.identifier.ndcgAt10)} (keyword ${f3(kw.identifier.ndcgAt10)})`,
        `  int8: ${m.speed.speedup}x (>= 1.8), nDCG@10 loss ${m.semanticNdcgLoss} (<= 0.01) -> ${m.chosen}`,
      );
    }
  }
  const rr = r.rerank;
  if ('skipped' in rr) out.push('', `Reranking: ${rr.skipped}`);
  else {
    out.push(
      '',
      `Reranking the best ${rr.candidates} (${rr.model ?? 'unnamed model'} at ${rr.url}): latency per call of ` +
        `${rr.candidates} passages p50 ${rr.latencyMs.p50} ms, p95 ${rr.latencyMs.p95} ms (target <= 300 ms p95; ` +
        `${rr.latencyMs.n} calls; load averages ${rr.loadAverages.map((l) => l.join(' ')).join(' -> ')})`,
      runTable(rr.runs),
    );
  }
  return out.join('\n');
}

/** The model comparison (KWS_RETRIEVAL_MODELS): one row per model directory. */
export function formatModelComparison(r: ModelComparisonResult): string {
  return [
    `Embedding models on the labelled set ${r.date}: ${r.questions.all} of ${r.questions.of} questions (${r.questions.paraphrase} paraphrase, ` +
      `${r.questions.identifier} identifier-style), ${r.corpus.pages} of ${r.corpus.of} pages (${r.corpus.chunks} chunks ` +
      `of size ${r.chunking.size}, overlap ${r.chunking.overlap}); ` +
      `nDCG@10 per question kind; passages/s: median of ${r.speed.rounds} rounds over ${r.speed.passages} passages, ` +
      `with the 1-minute load average before -> after`,
    table(
      // prettier-ignore
      ['model', 'sem all', 'sem para', 'sem ident', 'hyb all', 'hyb para', 'hyb ident', 'RAG all', 'RAG para', 'RAG ident', 'passages/s', 'load'],
      r.models.map((m) => [
        m.dir,
        f3(m.semantic.metrics.all.ndcgAt10),
        f3(m.semantic.metrics.paraphrase.ndcgAt10),
        f3(m.semantic.metrics.identifier.ndcgAt10),
        f3(m.hybrid.metrics.all.ndcgAt10),
        f3(m.hybrid.metrics.paraphrase.ndcgAt10),
        f3(m.hybrid.metrics.identifier.ndcgAt10),
        f3(m.rag.metrics.all.ndcgAt10),
        f3(m.rag.metrics.paraphrase.ndcgAt10),
        f3(m.rag.metrics.identifier.ndcgAt10),
        m.passagesPerSecond.p50,
        m.loadAverages.map((l) => l[0]).join(' -> '),
      ]),
    ),
  ].join('\n');
}

export function formatContextComparison(r: ContextComparisonResult): string {
  const kinds = ['all', 'paraphrase', 'identifier'] as const;
  return [
    `Contextual chunk headers on the labelled set ${r.date}: ${r.questions.all} of ${r.questions.of} questions ` +
      `(${r.questions.paraphrase} paraphrase, ${r.questions.identifier} identifier-style), ${r.corpus.pages} of ` +
      `${r.corpus.of} pages (${r.corpus.chunks} chunks of size ${r.chunking.size}, overlap ${r.chunking.overlap}); ` +
      `per question kind nDCG@10 / R@10 / MRR@10; passages/s of the texts embedded (not cached) with the ` +
      `1-minute load average before -> after`,
    table(
      ['variant', 'mode', ...kinds, 'passages/s', 'load'],
      r.variants.flatMap((v) =>
        (['semantic', 'hybrid', 'passages', 'shaped', 'shapedPassages'] as const).map((mode) => [
          v.variant,
          mode,
          ...kinds.map((k) => {
            const m = v[mode].metrics[k];
            return `${f3(m.ndcgAt10)} / ${f3(m.recallAt10)} / ${f3(m.mrrAt10)}`;
          }),
          v.passagesPerSecond ?? 'cached',
          v.loadAverages.map((l) => l[0]).join(' -> '),
        ]),
      ),
    ),
    ...r.variants.flatMap((v) =>
      v.sentences
        ? [
            `Best sentence beside the chunk (${v.variant}, ${v.sentences.sentences} sentences, ` +
              `${v.sentences.passagesPerSecond ?? 'cached'}/s): prose queries' vector side ` +
              `(1 - λ) · prose cosine + λ · best sentence's, through the service's keyword side, fusion and feedback`,
            table(
              ['λ', 'mode', ...kinds],
              v.sentences.rows.flatMap((row) =>
                (['hybrid', 'passages'] as const).map((mode) => [
                  `${row.lambda}${row.candidates === 'prose' ? ', prose candidates' : ''}` +
                    (row.baselineMismatches === undefined ? '' : ` (${row.baselineMismatches} differ)`),
                  mode,
                  ...kinds.map((k) => {
                    const m = row[mode][k];
                    return `${f3(m.ndcgAt10)} / ${f3(m.recallAt10)} / ${f3(m.mrrAt10)}`;
                  }),
                ]),
              ),
            ),
          ]
        : [],
    ),
  ].join('\n');
}
