// Two models routed by each query's shape (`node dist/bench/retrieval/routed.js prose.jsonl identifier.jsonl`): reads
// two KWS_RETRIEVAL_RANKINGS dumps of the same labelled set, each a run of the bench under one model, and scores
// the hybrid ranking a deployment would give if prose-shaped queries read the first run's vectors and
// identifier-shaped queries the second's (queryShape, as the service's vectorColumnFor picks a vector). Each
// question's ranking depends only on its own query, the chosen vectors and the keyword side, which both runs
// share, so taking each question's outcome from the run its shape picks is that deployment's ranking exactly.
// Prints nDCG@10, R@10 and MRR@10 per kind for the first run, the second, and the routed one; a third argument
// `passages` scores the RAG passages' rankings instead of hybrid search's.
import { readFile } from 'node:fs/promises';
import { evaluate, roundMetrics, type Judged } from '../../src/domain/retrievalMetrics';
import { queryShape } from '../../src/services/search/fusion';

interface Line {
  variant: string;
  /** hybrid (search) or passages (RAG); dumps written before the field held hybrid alone. */
  run?: string;
  id: string;
  kind: string;
  question: string;
  relevant: string[];
  ranking: string[];
}

async function read(file: string, run: string): Promise<Map<string, Line>> {
  const lines = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => (l.run ?? 'hybrid') === run);
  const byId = new Map(lines.map((l) => [l.id, l]));
  // One run per file: a file appended to by two runs (or two variants) would mix them.
  if (byId.size !== lines.length) throw new Error(`${file}: ${lines.length} lines for ${byId.size} questions`);
  return byId;
}

const judged = (l: Line): Judged & { kind: string } => ({
  kind: l.kind,
  ranking: l.ranking,
  relevant: new Set(l.relevant),
});

function report(name: string, lines: Line[]): void {
  const all = lines.map(judged);
  const row = (kind: string) => {
    const m = roundMetrics(evaluate(all.filter((j) => kind === 'all' || j.kind === kind)), 3);
    return `${m.ndcgAt10.toFixed(3)} (R@10 ${m.recallAt10.toFixed(3)}, MRR@10 ${m.mrrAt10.toFixed(3)})`;
  };
  console.log(`${name}\n  all ${row('all')}\n  paraphrase ${row('paraphrase')}\n  identifier ${row('identifier')}`);
}

async function main(): Promise<void> {
  const [proseFile, identifierFile, run = 'hybrid'] = process.argv.slice(2);
  if (!proseFile || !identifierFile) {
    throw new Error('usage: routed.ts <prose run.jsonl> <identifier run.jsonl> [hybrid|passages]');
  }
  const prose = await read(proseFile, run);
  const identifier = await read(identifierFile, run);
  console.log(`run: ${run}`);
  const routed: Line[] = [];
  const shapes = { prose: 0, identifier: 0, mismatched: 0 };
  for (const [id, p] of prose) {
    const i = identifier.get(id);
    if (!i) throw new Error(`question ${id} is in ${proseFile} only`);
    const shape = queryShape(p.question);
    shapes[shape] += 1;
    if ((shape === 'prose') !== (p.kind === 'paraphrase')) shapes.mismatched += 1;
    routed.push(shape === 'prose' ? p : i);
  }
  console.log(`shapes: ${JSON.stringify(shapes)}`);
  report(`prose run (${proseFile})`, [...prose.values()]);
  report(`identifier run (${identifierFile})`, [...identifier.values()]);
  report('routed by shape', routed);
}

void main();
