// Plain formats without the sandbox: every plain fixture, hostile ones included, gives the same pages and
// metadata, or the same failure, whether it is extracted on the calling thread or in the sandbox's child;
// files outside the in-process bounds are sent to the sandbox.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_PLAIN_MAX_BYTES,
  ExtractionError,
  type ExtractLimits,
  type Extractor,
  type SandboxedExtractionError,
  createExtractor,
} from '../../src/extract';
import { loadConfig } from '../../src/config';
import { MAX_JSON_DEPTH } from '../../src/jsonDepth';
import { extractorOptions } from '../../src/main/deps';
import * as fixtures from '../fixtures/generate';

const TEXT = 'text/plain';
const MARKDOWN = 'text/markdown';
const CSV = 'text/csv';
const JSON_TYPE = 'application/json';
const MB = 1024 * 1024;
/** Above the default, so the hostile fixtures of a million characters run in-process too. */
const PLAIN_MAX_BYTES = MB;

interface Case {
  name: string;
  mime: string;
  bytes: Buffer;
  /** Where the routing extractor is expected to extract it. */
  where: 'in-process' | 'sandbox';
  limits?: Partial<ExtractLimits>;
}

const utf16 = (text: string, order: 'le' | 'be') => {
  const le = Buffer.from(text, 'utf16le');
  if (order === 'be') le.swap16();
  return Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), le]);
};
const nested = (depth: number) => Buffer.from('['.repeat(depth) + '"leaf"' + ']'.repeat(depth));
const lines = (count: number, line: string) => Buffer.from(Array.from({ length: count }, () => line).join('\n'));

const CASES: Case[] = [
  // The plain fixtures the format tests use.
  { name: 'text memo', mime: TEXT, bytes: fixtures.makeText(), where: 'in-process' },
  { name: 'markdown guide', mime: MARKDOWN, bytes: fixtures.makeMarkdown(), where: 'in-process' },
  { name: 'csv table', mime: CSV, bytes: fixtures.makeCsv(), where: 'in-process' },
  { name: 'json order', mime: JSON_TYPE, bytes: fixtures.makeJson(), where: 'in-process' },
  {
    name: 'declared with parameters',
    mime: 'Text/Plain; charset=utf-8',
    bytes: fixtures.makeText(),
    where: 'in-process',
  },
  { name: 'carriage returns only', mime: TEXT, bytes: Buffer.from('one\rtwo\r\rthree\r\n'), where: 'in-process' },
  // Huge lines and sizes.
  { name: 'one line of 1,000,000 characters', mime: TEXT, bytes: Buffer.alloc(1_000_000, 'x'), where: 'in-process' },
  {
    name: 'a huge line past the text cap',
    mime: MARKDOWN,
    bytes: Buffer.alloc(1_000_000, 'word '),
    where: 'in-process',
    limits: { maxTextChars: 1000 },
  },
  { name: '200,000 empty lines', mime: MARKDOWN, bytes: Buffer.alloc(200_000, '\n'), where: 'in-process' },
  {
    name: 'text over the in-process size',
    mime: TEXT,
    bytes: lines(60_000, 'All work and no play makes a dull extractor.'),
    where: 'sandbox',
  },
  // Encodings: BOMs, NUL bytes, invalid sequences.
  { name: 'UTF-8 BOM text', mime: TEXT, bytes: Buffer.from('\uFEFFBOM-marked memo\n'), where: 'in-process' },
  { name: 'UTF-16LE BOM markdown', mime: MARKDOWN, bytes: utf16('# Überschrift\r\nText', 'le'), where: 'in-process' },
  { name: 'UTF-16BE BOM csv', mime: CSV, bytes: utf16('a;b;c\n1;2;3\n', 'be'), where: 'in-process' },
  { name: 'UTF-8 BOM json', mime: JSON_TYPE, bytes: Buffer.from('\uFEFF{"a": 1}'), where: 'in-process' },
  { name: 'NUL bytes in text', mime: TEXT, bytes: Buffer.from('before\u0000after'), where: 'in-process' },
  { name: 'NUL bytes in csv', mime: CSV, bytes: Buffer.from('a,b\n\u0000,1\n'), where: 'in-process' },
  { name: 'NUL bytes in json', mime: JSON_TYPE, bytes: Buffer.from('{"a": "\u0000"}'), where: 'in-process' },
  { name: 'invalid UTF-8 text', mime: TEXT, bytes: Buffer.from([0x61, 0xc3, 0x28, 0x62]), where: 'in-process' },
  { name: 'invalid UTF-8 json', mime: JSON_TYPE, bytes: Buffer.from([0x22, 0xff, 0x22]), where: 'in-process' },
  { name: 'a lone surrogate in UTF-16', mime: TEXT, bytes: Buffer.from([0xff, 0xfe, 0x00, 0xd8]), where: 'in-process' },
  { name: 'empty file', mime: TEXT, bytes: Buffer.alloc(0), where: 'in-process' },
  { name: 'whitespace only', mime: MARKDOWN, bytes: Buffer.from(' \n\t\r\n '), where: 'in-process' },
  // CSV: a million columns, quotes.
  { name: 'csv of a million empty columns', mime: CSV, bytes: Buffer.alloc(999_999, ','), where: 'in-process' },
  { name: 'csv of 500,000 columns', mime: CSV, bytes: Buffer.alloc(1_000_000, 'a,'), where: 'in-process' },
  { name: 'csv of a million quotes', mime: CSV, bytes: Buffer.alloc(1_000_000, '"'), where: 'in-process' },
  {
    name: 'csv with an unclosed quote',
    mime: CSV,
    bytes: Buffer.from(`id,"note\n${'x'.repeat(100_000)}`),
    where: 'in-process',
  },
  {
    name: 'csv with escaped quotes',
    mime: CSV,
    bytes: Buffer.from('a,"b ""c"", d",e\r\n1,2,3\r\n'),
    where: 'in-process',
  },
  // JSON: nesting, amplification, prototype keys, not JSON.
  { name: `json nested ${MAX_JSON_DEPTH} deep`, mime: JSON_TYPE, bytes: nested(MAX_JSON_DEPTH), where: 'in-process' },
  {
    name: `json nested ${MAX_JSON_DEPTH + 1} deep`,
    mime: JSON_TYPE,
    bytes: nested(MAX_JSON_DEPTH + 1),
    where: 'sandbox',
  },
  { name: 'json nested 100,000 deep', mime: JSON_TYPE, bytes: nested(100_000), where: 'sandbox' },
  {
    name: 'json whose paths repeat past the output bound',
    mime: JSON_TYPE,
    bytes: Buffer.from(JSON.stringify({ ['k'.repeat(1000)]: new Array(20_000).fill(0) })),
    where: 'sandbox',
  },
  {
    name: 'json with prototype keys',
    mime: JSON_TYPE,
    bytes: Buffer.from('{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}}'),
    where: 'in-process',
  },
  { name: 'json that is not json', mime: JSON_TYPE, bytes: Buffer.from('{"a": 1,,}'), where: 'in-process' },
  { name: 'json of a bare string', mime: JSON_TYPE, bytes: Buffer.from('"just text"'), where: 'in-process' },
  { name: 'json of nothing but []', mime: JSON_TYPE, bytes: Buffer.from('[]'), where: 'in-process' },
  // A declared type the bytes are not.
  { name: 'a PDF declared as text', mime: TEXT, bytes: Buffer.from('%PDF-1.7\n\u0000\u0001'), where: 'in-process' },
];

type Outcome =
  | { ok: true; pages: unknown; metadata: unknown; inProcess: boolean }
  | { ok: false; code?: string; reason?: string; message: string; inProcess: boolean };

async function outcome(promise: Promise<{ pages: unknown; metadata: unknown; usage: { inProcess?: boolean } }>) {
  try {
    const doc = await promise;
    return { ok: true, pages: doc.pages, metadata: doc.metadata, inProcess: doc.usage.inProcess === true } as Outcome;
  } catch (error) {
    if (!(error instanceof ExtractionError)) return { ok: false, message: String(error), inProcess: false } as Outcome;
    const usage = (error as SandboxedExtractionError).usage;
    return {
      ok: false,
      code: error.code,
      reason: error.reason,
      message: error.message,
      inProcess: usage?.inProcess === true,
    } as Outcome;
  }
}

const withoutPlace = ({ inProcess: _, ...rest }: Outcome) => rest;

describe('plain formats without the sandbox', function () {
  this.timeout(120_000);
  let routed: Extractor;
  let sandboxed: Extractor;
  let dir: string;
  before(async () => {
    routed = createExtractor({ maxMemoryMb: 512, plainMaxBytes: PLAIN_MAX_BYTES });
    sandboxed = createExtractor({ maxMemoryMb: 512, plainMaxBytes: 0 });
    dir = await mkdtemp(path.join(os.tmpdir(), 'kws-plain-test-'));
  });
  after(async () => {
    await Promise.all([routed.close(), sandboxed.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('the fixtures are where their names say: the in-process ones within its size', () => {
    for (const c of CASES) {
      if (c.where === 'in-process') assert.ok(c.bytes.length <= PLAIN_MAX_BYTES, c.name);
    }
    assert.ok(CASES.some((c) => c.where === 'sandbox' && c.bytes.length > PLAIN_MAX_BYTES));
  });

  it('by default a plain file over DEFAULT_PLAIN_MAX_BYTES goes to the sandbox', async () => {
    const extractor = createExtractor({ warmSpare: false });
    try {
      const at = await extractor.extract(Buffer.alloc(DEFAULT_PLAIN_MAX_BYTES, 'a\n'), CSV, 'at.csv');
      assert.equal(at.usage.inProcess, true);
      const over = await extractor.extract(Buffer.alloc(DEFAULT_PLAIN_MAX_BYTES + 1, 'a\n'), CSV, 'over.csv');
      assert.equal(over.usage.inProcess, undefined);
      assert.deepEqual(
        over.pages,
        at.pages.map((p) => ({ ...p, text: `${p.text}\na` })),
      );
    } finally {
      await extractor.close();
    }
  });

  it('EXTRACT_PLAIN_MAX_BYTES moves the bound: a file just below it stays in-process, just above goes to the sandbox', async () => {
    const size = 4096;
    const config = loadConfig({ EXTRACT_PLAIN_MAX_BYTES: String(size), EXTRACT_MAX_MEMORY_MB: '512' });
    const extractor = createExtractor({ ...extractorOptions(config), warmSpare: false });
    const file = (bytes: number) => Buffer.alloc(bytes, 'a\n');
    try {
      for (const [bytes, inProcess] of [
        [size - 1, true],
        [size, true],
        [size + 1, undefined],
      ] as const) {
        const doc = await extractor.extract(file(bytes), TEXT, `${bytes}.txt`);
        assert.equal(doc.usage.inProcess, inProcess, `${bytes} bytes`);
      }
      const above = path.join(dir, 'above.txt');
      await writeFile(above, file(size + 1));
      assert.equal((await extractor.extract({ path: above }, TEXT, 'above.txt')).usage.inProcess, undefined);
    } finally {
      await extractor.close();
    }
  });

  for (const c of CASES) {
    it(`${c.name}: the same outcome in-process and in the sandbox`, async () => {
      const expected = await outcome(sandboxed.extract(c.bytes, c.mime, `file-${c.name}`, c.limits));
      assert.equal(expected.inProcess, false);
      const actual = await outcome(routed.extract(c.bytes, c.mime, `file-${c.name}`, c.limits));
      assert.deepEqual(withoutPlace(actual), withoutPlace(expected));
      assert.equal(
        actual.inProcess,
        c.where === 'in-process',
        `extracted ${actual.inProcess ? 'in-process' : 'in the sandbox'}`,
      );
    });
  }

  it('reads a file by its path, and sends one over the size to the sandbox unread', async () => {
    const small = path.join(dir, 'small.txt');
    await writeFile(small, fixtures.makeText());
    const doc = await routed.extract({ path: small }, TEXT, 'small.txt');
    assert.equal(doc.usage.inProcess, true);
    assert.equal(doc.pages[0]!.text, 'Plain text memo.\nThe deadline moved to Friday.');
    const big = path.join(dir, 'big.txt');
    await writeFile(big, Buffer.alloc(2 * MB, 'a '));
    const bigDoc = await routed.extract({ path: big }, TEXT, 'big.txt');
    assert.equal(bigDoc.usage.inProcess, undefined);
    assert.equal(bigDoc.pages[0]!.text.length, 2 * MB - 1);
  });

  it('an in-process extraction honours its cancellation signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('activity cancelled'));
    await assert.rejects(
      routed.extract(fixtures.makeText(), TEXT, 'memo.txt', undefined, { signal: controller.signal }),
      /activity cancelled/,
    );
  });

  it('other formats still go to the sandbox', async () => {
    const doc = await routed.extract(await fixtures.makePdf(), 'application/pdf', 'report.pdf');
    assert.equal(doc.usage.inProcess, undefined);
    assert.ok(doc.usage.peakRssMb > 0);
  });
});
