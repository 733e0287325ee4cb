// The labelled retrieval set (labels.json): questions as users type them, each with the pages that answer
// it and, per page, a passage of the page that does. Loading checks every passage against the converted
// page text, so a label that no longer matches its page fails the run instead of skewing it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tokenize } from './bm25';
import type { DocPage } from './pydoc';

export type QuestionKind = 'paraphrase' | 'identifier';

export interface LabelledQuestion {
  id: string;
  kind: QuestionKind;
  question: string;
  relevant: Array<{ page: string; evidence: string }>;
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

/** dist/bench/retrieval -> bench/retrieval/labels.json in the source tree. */
export const LABELS_FILE = path.resolve(__dirname, '../../../bench/retrieval/labels.json');

/**
 * The labelled set a run asks: KWS_RETRIEVAL_LABELS (a path, e.g. bench/retrieval/holdout.json: a second set
 * written without sight of the rankings), labels.json unless set.
 */
export const labelsFile = (env = process.env): string =>
  env.KWS_RETRIEVAL_LABELS ? path.resolve(env.KWS_RETRIEVAL_LABELS) : LABELS_FILE;

export async function loadLabels(pages: readonly DocPage[], file = labelsFile()): Promise<LabelledQuestion[]> {
  const doc = JSON.parse(await readFile(file, 'utf8')) as { questions: LabelledQuestion[] };
  const byPath = new Map(pages.map((p) => [p.path, squash(p.text)]));
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const q of doc.questions) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    if (q.kind !== 'paraphrase' && q.kind !== 'identifier') problems.push(`${q.id}: kind ${String(q.kind)}`);
    if (q.relevant.length === 0) problems.push(`${q.id}: no relevant page`);
    for (const r of q.relevant) {
      const text = byPath.get(r.page);
      if (text === undefined) problems.push(`${q.id}: ${r.page} is not in the corpus`);
      else if (!text.includes(squash(r.evidence))) problems.push(`${q.id}: ${r.page} does not say "${r.evidence}"`);
    }
  }
  if (problems.length > 0)
    throw new Error(`${path.basename(file)} does not match the corpus:\n  ${problems.join('\n  ')}`);
  return doc.questions;
}

/**
 * How many of a question's words its answer uses: the share of the question's tokens (BM25's: stop words
 * out, no stemming) found in the paragraph of its first page that holds the evidence.
 */
export function wordOverlap(q: LabelledQuestion, pages: ReadonlyMap<string, DocPage>): number {
  const first = q.relevant[0] as { page: string; evidence: string };
  const text = pages.get(first.page)?.text ?? '';
  const paragraph =
    text.split('\n').find((line) => squash(line).includes(squash(first.evidence))) ?? squash(first.evidence);
  const answer = new Set(tokenize(paragraph));
  const words = tokenize(q.question);
  return words.length === 0 ? 0 : words.filter((w) => answer.has(w)).length / words.length;
}
