// Real files built in memory for the ingestion benchmarks: one-page text memos, and a mixed corpus of
// text, Markdown, CSV and JSON written here plus PDF, DOCX and XLSX from the test fixture generators.
import { makeDocx, makePdf, makeXlsx } from '../../test/fixtures/generate';
import { random } from '../lib/stats';

export interface BenchFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** A question the file answers, for the semantic search that proves it searchable. */
  query: string;
}

const COMMON = (
  'the of and to in is for on that with as by this are from at an be or it which has have was can were more ' +
  'team customer report update policy process review plan quarter week month owner status result'
).split(' ');

const TOPICS: Array<{ subject: string; words: string[] }> = [
  { subject: 'password reset', words: 'password reset account login email link expire security'.split(' ') },
  { subject: 'refund policy', words: 'refund order return payment invoice days receipt credit'.split(' ') },
  { subject: 'shipping delays', words: 'shipping delivery carrier parcel tracking delay warehouse'.split(' ') },
  { subject: 'vacation requests', words: 'vacation leave holiday request approval manager calendar'.split(' ') },
  { subject: 'quarterly revenue', words: 'revenue growth quarter forecast margin sales region'.split(' ') },
  { subject: 'incident response', words: 'incident outage alert pager escalation postmortem severity'.split(' ') },
  { subject: 'data retention', words: 'retention backup archive deletion privacy compliance audit'.split(' ') },
  { subject: 'onboarding checklist', words: 'onboarding laptop handbook training mentor badge account'.split(' ') },
  { subject: 'expense reports', words: 'expense receipt travel hotel reimbursement card limit'.split(' ') },
  { subject: 'release notes', words: 'release feature version bugfix deploy rollout changelog'.split(' ') },
];

export const topicSubject = (topicIndex: number) =>
  (TOPICS[topicIndex % TOPICS.length] as (typeof TOPICS)[number]).subject;

/** Text of roughly `chars` characters about one topic (its words mixed with common ones). */
export function topicText(topicIndex: number, chars: number, seed: number): { subject: string; text: string } {
  const topic = TOPICS[topicIndex % TOPICS.length] as (typeof TOPICS)[number];
  const next = random(seed);
  const pick = (words: string[]) => words[Math.floor(next() * words.length)] as string;
  const sentences = [`This memo explains our ${topic.subject}.`];
  let length = sentences[0]!.length;
  while (length < chars) {
    const n = 8 + Math.floor(next() * 10);
    const words = Array.from({ length: n }, () => (next() < 0.4 ? pick(topic.words) : pick(COMMON)));
    const s = words.join(' ');
    const sentence = s.charAt(0).toUpperCase() + s.slice(1) + '.';
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return { subject: topic.subject, text: sentences.join(' ') };
}

/** A one-page plain-text memo (about 3,000 characters, roughly 500 words). */
export function onePageText(sample: number): BenchFile {
  const { subject, text } = topicText(sample, 3000, 7000 + sample);
  return {
    filename: `memo-${sample}.txt`,
    contentType: 'text/plain',
    bytes: Buffer.from(text + '\n', 'utf8'),
    query: `what is our ${subject}?`,
  };
}

function markdownFile(i: number): BenchFile {
  const a = topicText(i, 900, 100 + i);
  const b = topicText(i + 3, 900, 200 + i);
  const md = `# Guide ${i}: ${a.subject}\n\n${a.text}\n\n## Related: ${b.subject}\n\n${b.text}\n\n- first step\n- second step\n`;
  return { filename: `guide-${i}.md`, contentType: 'text/markdown', bytes: Buffer.from(md), query: a.subject };
}

function csvFile(i: number): BenchFile {
  const next = random(300 + i);
  const rows = ['sku,description,region,price,quantity'];
  for (let r = 0; r < 40; r++) {
    rows.push(
      `SKU-${i}-${r},"${topicSubject(r)}, item ${r}",${['north', 'south', 'east', 'west'][r % 4]},${(next() * 100).toFixed(2)},${Math.floor(next() * 500)}`,
    );
  }
  return {
    filename: `prices-${i}.csv`,
    contentType: 'text/csv',
    bytes: Buffer.from(rows.join('\n') + '\n'),
    query: 'price list',
  };
}

function jsonFile(i: number): BenchFile {
  const next = random(400 + i);
  const orders = Array.from({ length: 25 }, (_, r) => ({
    id: `ORD-${i}-${r}`,
    customer: { name: `Customer ${r}`, city: ['Berlin', 'Lyon', 'Austin', 'Osaka'][r % 4] },
    items: [{ sku: `SKU-${r}`, qty: 1 + Math.floor(next() * 5) }],
    note: topicText(r, 80, 500 + r).text,
  }));
  return {
    filename: `orders-${i}.json`,
    contentType: 'application/json',
    bytes: Buffer.from(JSON.stringify({ orders })),
    query: 'customer orders',
  };
}

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The mixed corpus: one-page texts, Markdown, CSV, JSON, four-page PDFs, two-page DOCX and two-sheet XLSX. */
export async function mixedCorpus(): Promise<BenchFile[]> {
  const files: BenchFile[] = [];
  for (let i = 0; i < 10; i++) files.push({ ...onePageText(1000 + i), filename: `notes-${i}.txt` });
  for (let i = 0; i < 6; i++) files.push(markdownFile(i));
  for (let i = 0; i < 6; i++) files.push(csvFile(i));
  for (let i = 0; i < 6; i++) files.push(jsonFile(i));
  for (let i = 0; i < 6; i++) {
    // The fixture draws each page's text on one line, so a page is one short sentence.
    const pages = [0, 1, 2, 3].map((p) => `Report ${i}, page ${p + 1}: notes on ${topicSubject(i + p)}.`);
    files.push({ filename: `report-${i}.pdf`, contentType: PDF, bytes: await makePdf(pages), query: 'report' });
  }
  for (let i = 0; i < 4; i++) {
    files.push({ filename: `kickoff-${i}.docx`, contentType: DOCX, bytes: await makeDocx(), query: 'kickoff notes' });
  }
  for (let i = 0; i < 4; i++) {
    files.push({ filename: `customers-${i}.xlsx`, contentType: XLSX, bytes: await makeXlsx(), query: 'customers' });
  }
  return files;
}
