// The extraction sandbox: a child process per file with a time budget, a memory cap and a text cap,
// cancellable, and nested Office files sharing their archive's inflation budget.
import assert from 'node:assert/strict';
import {
  ExtractionError,
  FailureReasons,
  createExtractor,
  createInProcessExtractor,
  type Extractor,
  type SandboxedExtractionError,
} from '../../src/extract';
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
    sandbox = createExtractor({ maxMemoryMb: 384, timeoutMs: 60_000 });
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
