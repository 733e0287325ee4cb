// The extraction sandbox: a child process per file with a time budget, a memory cap and a text cap,
// cancellable, and nested Office files sharing their archive's inflation budget.
import assert from 'node:assert/strict';
import { open, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  ExtractionError,
  FailureReasons,
  createExtractor,
  createInProcessExtractor,
  type Extractor,
  type SandboxedExtractionError,
} from '../../src/extract';
import { NATIVE_OUT_OF_MEMORY } from '../../src/extract/sandbox';
import * as fixtures from '../fixtures/generate';
import * as hostile from '../fixtures/hostile';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function failure(promise: Promise<unknown>): Promise<SandboxedExtractionError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ExtractionError, `expected an ExtractionError, got ${String(error)}`);
    return error;
  }
  assert.fail('extraction succeeded');
}

describe('extraction sandbox', function () {
  this.timeout(120_000);
  let sandbox: Extractor;
  before(() => {
    // Plain files too go to the child here (plainMaxBytes 0): these tests are about the child.
    sandbox = createExtractor({ maxMemoryMb: 384, timeoutMs: 60_000, plainMaxBytes: 0 });
  });
  after(() => sandbox.close());

  it('extracts in a child process and reports its time and peak memory', async () => {
    const doc = await sandbox.extract(await fixtures.makePdf(), 'application/pdf', 'report.pdf');
    assert.equal(doc.pages[1]!.text, fixtures.PDF_PAGE_TEXT[1]);
    assert.ok(doc.usage.ms > 0);
    assert.ok(doc.usage.peakRssMb > 20 && doc.usage.peakRssMb < 384, `${doc.usage.peakRssMb} MB`);
  });

  it('caps the text a file may yield and says so; a PDF stops reading pages at the cap', async () => {
    const long = Buffer.from('All work and no play makes a dull extractor. '.repeat(50_000));
    const text = await sandbox.extract(long, 'text/plain', 'long.txt', { maxTextChars: 1000 });
    assert.equal(text.pages[0]!.text.length, 1000);
    assert.equal(text.metadata.truncated, true);
    const pdf = await sandbox.extract(
      await fixtures.makePdf(['one two', 'three', 'four']),
      'application/pdf',
      'p.pdf',
      {
        maxTextChars: 5,
      },
    );
    assert.deepEqual(pdf.pages, [{ pageNumber: 1, text: 'one t' }]);
    assert.equal(pdf.metadata.pageCount, 3, 'the document is still described whole');
    assert.equal(pdf.metadata.truncated, true);
  });

  it('kills an extraction that outlasts its budget', async () => {
    const impatient = createExtractor({ timeoutMs: 300, warmSpare: false });
    try {
      const error = await failure(impatient.extract(fixtures.makePng(), 'image/png', 'scan.png'));
      assert.equal(error.code, 'LIMIT_EXCEEDED');
      assert.equal(error.reason, FailureReasons.timeBudget);
      assert.ok(error.usage!.ms < 3000, `${error.usage!.ms} ms`);
    } finally {
      await impatient.close();
    }
  });

  it('stops a file that needs more memory than the cap, and the process stays within it', async () => {
    const docx = await hostile.makeHugeDocx(100 * MB);
    const small = createExtractor({ maxMemoryMb: 256 });
    try {
      const error = await failure(small.extract(docx, DOCX, 'big.docx'));
      assert.equal(error.code, 'LIMIT_EXCEEDED', error.message);
      assert.equal(error.reason, FailureReasons.memoryBudget);
      assert.ok(error.usage!.peakRssMb < 256 + 120, `peak ${error.usage!.peakRssMb} MB`);
    } finally {
      await small.close();
    }
  });

  it('stops at once when the caller cancels', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = sandbox.extract(fixtures.makePng(), 'image/png', 'scan.png', undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('activity cancelled')), 200);
    await assert.rejects(running, /activity cancelled/);
    assert.ok(Date.now() - started < 2000);
    // The sandbox is still usable.
    const doc = await sandbox.extract(fixtures.makeText(), 'text/plain', 'memo.txt');
    assert.match(doc.pages[0]!.text, /Friday/);
  });

  it('runs at most `concurrency` children; waiting callers can give up', async () => {
    const one = createExtractor({ concurrency: 1, warmSpare: false });
    try {
      const first = one.extract(fixtures.makePng(), 'image/png', 'a.png');
      const controller = new AbortController();
      const second = one.extract(fixtures.makeText(), 'text/plain', 'b.txt', undefined, { signal: controller.signal });
      controller.abort(new Error('gave up waiting'));
      await assert.rejects(second, /gave up waiting/);
      assert.match((await first).pages[0]!.text, /INVOICE/);
    } finally {
      await one.close();
    }
  });

  it('Office files inside an archive share its inflation budget', async () => {
    const padded = await hostile.makePaddedDocx(4 * MB);
    const inProcess = createInProcessExtractor();
    try {
      const limits = { maxZipTotalBytes: 10 * MB };
      // Alone, each document is within the limit...
      const alone = await inProcess.extract(padded, DOCX, 'one.docx', limits);
      assert.ok(alone.pages.length > 0);
      // ...three together are not.
      const zip = fixtures.makeZip([1, 2, 3].map((i) => ({ name: `r${i}.docx`, data: padded, store: true })));
      await assert.rejects(
        inProcess.extract(zip, 'application/zip', 'bundle.zip', limits),
        (error: ExtractionError) => {
          assert.equal(error.code, 'LIMIT_EXCEEDED');
          assert.match(error.message, /bytes left/);
          return true;
        },
      );
    } finally {
      await inProcess.close();
    }
  });
});

// A file that needs more memory than the cap is LIMIT_EXCEEDED (memory budget) whichever allocator hits the cap
// first, and a damaged file is CORRUPT; each path is run ROUNDS times, two children at once (the load is part of
// the test: a classification that held only on a quiet machine would fail here).
describe('extraction sandbox: a memory-cap death is named as one on every allocation path', function () {
  this.timeout(600_000);
  const ROUNDS = 20;
  const CAP_MB = 160;
  let capped: Extractor;
  let dir: string;
  before(async () => {
    capped = createExtractor({ maxMemoryMb: CAP_MB, concurrency: 2 });
    dir = await mkdtemp(path.join(os.tmpdir(), 'kws-oom-'));
  });
  after(async () => {
    await capped.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Extracts the same file ROUNDS times and returns each outcome as `CODE: reason (message)`. */
  async function outcomes(input: Buffer | { path: string }, mime: string, filename: string) {
    return Promise.all(
      Array.from({ length: ROUNDS }, () =>
        capped.extract(input, mime, filename).then(
          () => 'extracted',
          (error: unknown) =>
            error instanceof ExtractionError ? `${error.code}: ${error.reason} (${error.message})` : String(error),
        ),
      ),
    );
  }

  function assertAll(results: string[], expected: string) {
    const wrong = results.filter((r) => !r.startsWith(`${expected} (`));
    assert.deepEqual(wrong, [], `${wrong.length} of ${results.length} misclassified`);
  }

  const OUT_OF_MEMORY = `LIMIT_EXCEEDED: ${FailureReasons.memoryBudget}`;

  it('V8 heap growth: JSON of millions of objects', async () => {
    const json = Buffer.from(`[${'{},'.repeat(2_500_000)}{}]`);
    assertAll(await outcomes(json, 'application/json', 'objects.json'), OUT_OF_MEMORY);
  });

  it('one large buffer: a file larger than the whole budget', async () => {
    // Sparse: 400 MB to read, nothing written to disk.
    const file = path.join(dir, 'large.txt');
    const handle = await open(file, 'w');
    await handle.truncate(400 * MB);
    await handle.close();
    assertAll(await outcomes({ path: file }, 'text/plain', 'large.txt'), OUT_OF_MEMORY);
  });

  it('native allocations inside a real parser: libvips decoding a 7000x7000 PNG', async () => {
    const png = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assertAll(await outcomes(png, 'image/png', 'large.png'), OUT_OF_MEMORY);
  });

  it('a damaged file stays CORRUPT under the same cap', async () => {
    const pdf = await fixtures.makePdf();
    const damaged = Buffer.concat([pdf.subarray(0, 200), Buffer.alloc(400, 0x41), pdf.subarray(pdf.length - 100)]);
    const results = await outcomes(damaged, 'application/pdf', 'damaged.pdf');
    assert.deepEqual(
      results.filter((r) => !r.startsWith('CORRUPT: ')),
      [],
    );
  });

  it('reads the allocation failures of every allocator in stderr, and nothing else', () => {
    for (const line of [
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      '# Fatal process out of memory: Zone',
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '# Check failed: (result.ptr) != nullptr.',
      '(process:1): GLib-ERROR **: 10:01:02.345: failed to allocate 104857600 bytes',
      'mmap: Cannot allocate memory',
    ]) {
      assert.ok(NATIVE_OUT_OF_MEMORY.test(line), line);
    }
    for (const line of [
      'Segmentation fault',
      '# Check failed: index < length.',
      'TypeError: Cannot read properties of undefined',
    ]) {
      assert.ok(!NATIVE_OUT_OF_MEMORY.test(line), line);
    }
  });
});
