// Extraction of every accepted format in-process (PDF, Office, spreadsheets, CSV, JSON, text, images by OCR, audio
// and video metadata, ZIP), its bounds against archive bombs, and the type checks from the bytes. Chunking is a
// unit test: test/unit/extract/chunking.test.ts.
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import {
  ACCEPTED_MIME_TYPES,
  DEFAULT_EXTRACT_LIMITS,
  ExtractionError,
  type ExtractionErrorCode,
  type ExtractedDocument,
  type ExtractedPage,
  type InProcessExtractor,
  chunkPages,
  checkFileType,
  createExtractor,
  createInProcessExtractor,
  failureReason,
  normalizeMime,
} from '../../src/extract';
import * as fixtures from '../fixtures/generate';

const MIME = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

const MB = 1024 * 1024;

async function rejectsWith(
  promise: Promise<unknown>,
  code: ExtractionErrorCode,
  pattern?: RegExp,
): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ExtractionError, `expected an ExtractionError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    if (pattern) assert.match(error.message, pattern);
    return error;
  }
  assert.fail(`expected ${code}, but extraction succeeded`);
}

const allText = (doc: ExtractedDocument) => doc.pages.map((p) => p.text).join('\n');

describe('extract', function () {
  // The parsers themselves, on this thread; sandbox.test.ts covers the isolation every upload gets.
  let extractor: InProcessExtractor;
  const timings: { format: string; bytes: number; ms: number; rssMb: number; heapMb: number }[] = [];

  /** Extracts and records the time taken and the memory in use afterwards. */
  async function timed(format: string, bytes: Buffer, mime: string, filename: string): Promise<ExtractedDocument> {
    const start = process.hrtime.bigint();
    const doc = await extractor.extract(bytes, mime, filename);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const mem = process.memoryUsage();
    timings.push({
      format,
      bytes: bytes.length,
      ms: Math.round(ms),
      rssMb: Math.round(mem.rss / MB),
      heapMb: Math.round(mem.heapUsed / MB),
    });
    return doc;
  }

  before(() => {
    extractor = createInProcessExtractor();
  });

  after(async () => {
    await extractor.close();
    console.log('\n    extraction timings (rss/heap after the call):');
    for (const t of timings) {
      console.log(
        `      ${t.format.padEnd(28)} ${String(t.bytes).padStart(8)} B ${String(t.ms).padStart(6)} ms  rss ${t.rssMb} MB  heap ${t.heapMb} MB`,
      );
    }
  });

  describe('formats', function () {
    it('PDF: text per page, with page numbers', async function () {
      const doc = await timed('pdf (2 pages)', await fixtures.makePdf(), MIME.pdf, 'report.pdf');
      assert.deepEqual(doc.pages, [
        { pageNumber: 1, text: fixtures.PDF_PAGE_TEXT[0] },
        { pageNumber: 2, text: fixtures.PDF_PAGE_TEXT[1] },
      ]);
      assert.equal(doc.metadata.pageCount, 2);
      assert.equal(doc.metadata.title, 'Fixture report');
    });

    it('PDF: fails with LIMIT_EXCEEDED beyond maxPages', async function () {
      const pdf = await fixtures.makePdf(['one', 'two', 'three']);
      await rejectsWith(extractor.extract(pdf, MIME.pdf, 'long.pdf', { maxPages: 2 }), 'LIMIT_EXCEEDED', /3 pages/);
    });

    it('DOCX: paragraphs, line breaks and tables; pages split at explicit page breaks', async function () {
      const doc = await timed('docx', await fixtures.makeDocx(), MIME.docx, 'notes.docx');
      assert.equal(doc.pages.length, 2);
      assert.equal(
        doc.pages[0]!.text,
        'Project Falcon kickoff notes.\n\nFirst line\nsecond line\n\nOwner\tTask\nDana\tBudget',
      );
      assert.deepEqual(doc.pages[1], { pageNumber: 2, text: 'Second page: risks and mitigations.' });
    });

    it("DOCX: Word's heading styles become the pages' headings, each at its line", async function () {
      const doc = await timed('docx', await fixtures.makeDocxWithHeadings(), MIME.docx, 'runbook.docx');
      assert.equal(doc.pages.length, 2);
      const [first, second] = doc.pages as [ExtractedPage, ExtractedPage];
      assert.equal(
        first.text,
        'Operations runbook\n\nHow the on-call engineer keeps the service up.\n\nRotating keys\n\n' +
          'Create the new key before revoking the old one.\n\nRevoking the old key\n\nWait a day after the last use.\n\n' +
          // A heading inside a table cell is part of its row's line, not a section heading.
          'Cell title body\tB',
      );
      assert.deepEqual(
        first.headings?.map((h) => [h.level, h.text, first.text.indexOf(h.text) === h.at]),
        [
          [1, 'Operations runbook', true],
          [2, 'Rotating keys', true],
          [3, 'Revoking the old key', true],
        ],
      );
      assert.deepEqual(second.headings, [{ level: 2, text: 'Restoring backups', at: 0 }]);
      // The chunker gives the last paragraph its path.
      const chunks = chunkPages(doc.pages, { size: 60, overlap: 0 });
      assert.deepEqual(chunks.find((c) => c.text.startsWith('Wait a day'))?.headings, [
        'Operations runbook',
        'Rotating keys',
        'Revoking the old key',
      ]);
    });

    it('DOC (Word 97-2003): body text', async function () {
      const bytes = fixtures.makeDoc(['Legacy memo about the Falcon budget.', 'Second paragraph here.']);
      const doc = await timed('doc', bytes, MIME.doc, 'memo.doc');
      assert.deepEqual(doc.pages, [
        { pageNumber: 1, text: 'Legacy memo about the Falcon budget.\nSecond paragraph here.' },
      ]);
    });

    it('XLSX: one page per sheet, header row first, tab-separated cells', async function () {
      const doc = await timed('xlsx (2 sheets)', await fixtures.makeXlsx(), MIME.xlsx, 'book.xlsx');
      assert.deepEqual(doc.pages, [
        {
          pageNumber: 1,
          text: 'Sheet: Customers\nName\tCity\tBalance\nAda Lovelace\tLondon\t1200.5\nGrace Hopper\tArlington\t310',
        },
        { pageNumber: 2, text: 'Sheet: Orders\nOrder\tItem\nA-17\tWidget' },
      ]);
      assert.deepEqual(doc.metadata.sheetNames, ['Customers', 'Orders']);
    });

    it('XLS (BIFF8): sheets as pages', async function () {
      const doc = await timed('xls', fixtures.makeXls(), MIME.xls, 'sales.xls');
      assert.deepEqual(doc.pages, [{ pageNumber: 1, text: 'Sheet: Sales\nRegion\tUnits\nNorth\t42\nSouth\t17' }]);
    });

    it('XLS: Unicode text, dates, booleans and decimals; hidden sheets named (as SheetJS wrote them)', async function () {
      const doc = await extractor.extract(fixtures.xlsFixture('varied.xls'), MIME.xls, 'varied.xls');
      assert.equal(
        doc.pages[0]!.text,
        'Sheet: Mixed\nName\tJoined\tActive\tScore\tRatio\n' +
          'Zoë Ünïcode 😀\t2024-03-15\tTRUE\t1234567\t0.125\nSecond\t2024-03-15T13:45:00Z\tFALSE\t-42\t3.14159',
      );
      assert.deepEqual(doc.metadata.sheetNames, ['Mixed', 'Many', 'Secret']);
      assert.deepEqual(doc.metadata.rowCounts, [3, 1501, 1]);
      assert.deepEqual(doc.metadata.hiddenSheets, ['Secret']);
      assert.match(doc.pages[1]!.text, /\nitem 1499\t1499$/);
    });

    it('XLS: shared strings across CONTINUE records, RK/MULRK/FORMULA/BOOLERR cells, date formats', async function () {
      const doc = await extractor.extract(fixtures.makeXlsSharedStrings(), MIME.xls, 'shared.xls');
      assert.equal(
        doc.pages[0]!.text,
        `Sheet: Data\n${fixtures.XLS_SHARED_ROWS.map((row) => row.join('\t')).join('\n')}`,
        'every cell, in place; the cell past column 256 is not one',
      );
    });

    it('XLS: a shared string table claiming 4 billion strings is damaged, read no further than its bytes', async function () {
      await rejectsWith(
        extractor.extract(fixtures.makeXlsSharedStrings({ claimedStrings: 0xffffffff }), MIME.xls, 'x.xls'),
        'CORRUPT',
        /ends early/,
      );
    });

    it('XLS: Excel 5.0/95 (BIFF5) is refused as unsupported, not misread', async function () {
      const error = await rejectsWith(
        extractor.extract(fixtures.xlsFixture('excel95.xls'), MIME.xls, 'old.xls'),
        'UNSUPPORTED_TYPE',
        /BIFF5/,
      );
      assert.equal(failureReason(error, MIME.xls), 'The file type is not supported');
      // A damaged workbook stream is damaged, whatever SheetJS or we would make of the rest.
      const damaged = fixtures.makeXls();
      const at = damaged.indexOf(Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06]));
      damaged.fill(0xee, at, at + 4);
      await rejectsWith(extractor.extract(damaged, MIME.xls, 'damaged.xls'), 'CORRUPT');
    });

    it('CSV: 150,000 rows (no argument spreading over rows)', async function () {
      const doc = await extractor.extract(Buffer.from('a,b\n'.repeat(150_000)), 'text/csv', 'rows.csv');
      assert.equal(doc.metadata.rowCount, 150_000);
      assert.equal(doc.metadata.columnCount, 2);
    });

    it('CSV: quoted fields kept whole, rows as lines', async function () {
      const doc = await timed('csv', fixtures.makeCsv(), 'text/csv', 'prices.csv');
      assert.equal(doc.pages[0]!.text, 'sku\tdescription\tprice\nA-17\tWidget, large\t9.99\nB-02\tGadget\t4.50');
      assert.equal(doc.metadata.rowCount, 3);
    });

    it('CSV: semicolon-separated files are recognised', async function () {
      const doc = await extractor.extract(Buffer.from('a;b\n1;2\n'), 'text/csv', 'x.csv');
      assert.equal(doc.pages[0]!.text, 'a\tb\n1\t2');
    });

    it('JSON: one "path: value" line per leaf', async function () {
      const doc = await timed('json', fixtures.makeJson(), 'application/json', 'order.json');
      assert.equal(
        doc.pages[0]!.text,
        [
          'order.id: ORD-991',
          'order.items[0].sku: A-17',
          'order.items[0].qty: 2',
          'order.ship-to["postal code"]: 10115',
        ].join('\n'),
      );
    });

    it('JSON: deep nesting does not overflow the stack', async function () {
      const deep = '['.repeat(20_000) + '"bottom"' + ']'.repeat(20_000);
      const doc = await extractor.extract(Buffer.from(deep), 'application/json', 'deep.json');
      assert.match(doc.pages[0]!.text, /\[0\]: bottom$/);
    });

    it('Markdown and plain text: kept as written, CRLF normalized', async function () {
      const md = await timed('markdown', fixtures.makeMarkdown(), 'text/markdown', 'guide.md');
      assert.equal(
        md.pages[0]!.text,
        '# Onboarding guide\n\nWelcome to the **team**.\n\n- Set up your laptop\n- Read the handbook',
      );
      const txt = await timed('text', fixtures.makeText(), 'text/plain; charset=UTF-8', 'memo.txt');
      assert.deepEqual(txt.pages, [{ pageNumber: 1, text: 'Plain text memo.\nThe deadline moved to Friday.' }]);
    });

    it('text: UTF-8 with BOM and BOM-marked UTF-16 are decoded', async function () {
      const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Grüße')]);
      assert.equal((await extractor.extract(utf8, 'text/plain', 'a.txt')).pages[0]!.text, 'Grüße');
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ünïcode', 'utf16le')]);
      assert.equal((await extractor.extract(utf16, 'text/plain', 'b.txt')).pages[0]!.text, 'Ünïcode');
    });

    for (const [format, mime, make] of [
      ['png', 'image/png', () => Promise.resolve(fixtures.makePng())],
      ['jpeg', 'image/jpeg', () => Promise.resolve(fixtures.makeJpeg())],
      ['gif', 'image/gif', () => fixtures.makeGif()],
      ['webp', 'image/webp', () => fixtures.makeWebp()],
    ] as const) {
      it(`${format.toUpperCase()}: OCR reads the rendered text`, async function () {
        const doc = await timed(`${format} (OCR)`, await make(), mime, `scan.${format}`);
        const words = allText(doc).split(/\s+/);
        for (const word of ['INVOICE', 'PAID', 'QUARTERLY', 'REVIEW', 'QUICK', 'BROWN', 'FOX']) {
          assert.ok(words.includes(word), `OCR text ${JSON.stringify(allText(doc))} lacks ${word}`);
        }
        assert.equal(doc.metadata.width, 764);
        assert.equal(typeof doc.metadata.ocrConfidence, 'number');
      });
    }

    it('concurrent extractions share the OCR worker and pdf.js safely', async function () {
      const png = fixtures.makePng();
      const pdf = await fixtures.makePdf();
      const docs = await Promise.all([
        extractor.extract(png, 'image/png', '1.png'),
        extractor.extract(pdf, MIME.pdf, '1.pdf'),
        extractor.extract(png, 'image/png', '2.png'),
        extractor.extract(pdf, MIME.pdf, '2.pdf'),
        extractor.extract(fixtures.makeXls(), MIME.xls, '1.xls'),
      ]);
      assert.match(allText(docs[0]!), /INVOICE/);
      assert.match(allText(docs[2]!), /INVOICE/);
      assert.equal(docs[1]!.pages[1]!.text, fixtures.PDF_PAGE_TEXT[1]);
      assert.equal(docs[3]!.pages.length, 2);
      assert.match(allText(docs[4]!), /North/);
    });

    it('images: fail with LIMIT_EXCEEDED beyond maxImagePixels, before decoding', async function () {
      await rejectsWith(
        extractor.extract(fixtures.makePng(), 'image/png', 'a.png', { maxImagePixels: 1000 }),
        'LIMIT_EXCEEDED',
      );
    });

    it('images: a picture without text is EMPTY', async function () {
      const blank = fixtures.makePng({ width: 200, height: 100, pixels: new Uint8Array(200 * 100).fill(255) });
      await rejectsWith(extractor.extract(blank, 'image/png', 'blank.png'), 'EMPTY');
    });

    it('WAV: tags and a technical summary', async function () {
      const doc = await timed('wav', fixtures.makeWav(), 'audio/wav', 'standup.wav');
      assert.equal(
        doc.pages[0]!.text,
        'Title: Standup recording\nArtist: KWS Team\nAudio: PCM, 0:02 (2 s), 128 kbps, 8000 Hz, mono, 16-bit',
      );
      assert.equal(doc.metadata.durationSeconds, 2);
      assert.equal(doc.metadata.sampleRate, 8000);
    });

    it('MP3: ID3 title and the stream summary', async function () {
      const doc = await timed('mp3', fixtures.makeMp3(), 'audio/mpeg', 'podcast.mp3');
      assert.match(doc.pages[0]!.text, /^Title: Quarterly Podcast\nArtist: Finance Team\nAudio: MPEG 1 Layer 3, 0:03/);
      assert.equal(doc.metadata.codec, 'MPEG 1 Layer 3');
      assert.ok(Math.abs((doc.metadata.durationSeconds as number) - 3) < 0.1);
    });

    it('MP4: duration, picture size, codecs and tags', async function () {
      const doc = await timed('mp4', fixtures.makeMp4(), 'video/mp4', 'demo.mp4');
      assert.match(doc.pages[0]!.text, /^Title: Product demo\nArtist: KWS Studio\nVideo: .*0:05 \(5 s\), 320x240/);
      assert.equal(doc.metadata.durationSeconds, 5);
      assert.equal(doc.metadata.width, 320);
      assert.equal(doc.metadata.height, 240);
      assert.equal(doc.metadata.videoCodec, 'avc1');
    });

    it('ZIP: supported entries extracted and named, others listed as skipped', async function () {
      const zip = fixtures.makeZip([
        { name: 'docs/memo.txt', data: fixtures.makeText() },
        { name: 'report.pdf', data: await fixtures.makePdf() },
        { name: 'data/prices.csv', data: fixtures.makeCsv() },
        { name: 'tool.exe', data: Buffer.from('MZ...') },
        { name: 'fake.pdf', data: Buffer.from('not a pdf') },
        { name: '__MACOSX/._memo.txt', data: Buffer.from('junk') },
      ]);
      const doc = await timed('zip (4 entries)', zip, 'application/x-zip-compressed', 'bundle.zip');
      assert.deepEqual(
        doc.pages.map((p) => [p.pageNumber, p.text.split('\n')[0]]),
        [
          [1, 'File: docs/memo.txt'],
          [2, 'File: report.pdf (page 1 of 2)'],
          [3, 'File: report.pdf (page 2 of 2)'],
          [4, 'File: data/prices.csv'],
        ],
      );
      assert.match(doc.pages[2]!.text, /migration plan/);
      const skipped = doc.metadata.skipped as { name: string; reason: string }[];
      assert.deepEqual(
        skipped.map((s) => s.name),
        ['tool.exe', 'fake.pdf'],
      );
    });

    it("ZIP: an entry's opening heading covers its File: line, so its first chunk sits under it as alone", async function () {
      const body = 'Restart the relay before the window closes. '.repeat(40);
      const zip = fixtures.makeZip([
        { name: 'runbook.txt', data: Buffer.from(`Relay runbook\n\n${body}`) },
        { name: 'guide.md', data: Buffer.from(`# Guide\n\n${body}\n\n## Install\n\nRun it.`) },
      ]);
      const doc = await extractor.extract(zip, MIME.zip, 'bundle.zip');
      const [txt, md] = doc.pages;
      assert.deepEqual(txt!.headings, [{ level: 1, text: 'Relay runbook', at: 0 }]);
      assert.deepEqual(
        md!.headings?.map((h) => [h.text, md!.text.slice(h.at).split('\n')[0]]),
        [
          ['Guide', 'File: guide.md'],
          ['Install', '## Install'],
        ],
      );
      const chunks = chunkPages(doc.pages, { size: 500, overlap: 0 });
      assert.deepEqual(chunks.find((c) => c.pageNumber === 1)?.headings, ['Relay runbook']);
      assert.deepEqual(chunks.find((c) => c.pageNumber === 2)?.headings, ['Guide']);
    });

    it('ZIP: an archive inside the archive is read; one nested deeper is skipped', async function () {
      const deepest = fixtures.makeZip([{ name: 'deep.txt', data: Buffer.from('too deep') }]);
      const inner = fixtures.makeZip([
        { name: 'inner.txt', data: Buffer.from('inner text') },
        { name: 'deeper.zip', data: deepest },
      ]);
      const doc = await extractor.extract(
        fixtures.makeZip([{ name: 'inner.zip', data: inner }]),
        MIME.zip,
        'outer.zip',
      );
      assert.equal(doc.pages.length, 1);
      assert.match(doc.pages[0]!.text, /^File: inner\.zip\n\nFile: inner\.txt\n\ninner text$/);
      assert.doesNotMatch(allText(doc), /too deep/);
    });

    it('ZIP: a .docx declared as application/zip is extracted as a document', async function () {
      const doc = await extractor.extract(await fixtures.makeDocx(), MIME.zip, 'notes.zip');
      assert.equal(doc.metadata.mime, MIME.docx);
      assert.equal(doc.pages.length, 2);
    });
  });

  describe('zip bombs and limits', function () {
    it('a 200 MB entry of zeros fails with LIMIT_EXCEEDED at once, without inflating it', async function () {
      const bomb = await fixtures.makeZipBomb(200 * MB);
      assert.ok(bomb.length < 1 * MB, `bomb is ${bomb.length} bytes`);
      const rssBefore = process.memoryUsage().rss;
      const start = Date.now();
      await rejectsWith(extractor.extract(bomb, MIME.zip, 'bomb.zip'), 'LIMIT_EXCEEDED', /ratio|bytes/);
      const ms = Date.now() - start;
      const grewMb = (process.memoryUsage().rss - rssBefore) / MB;
      timings.push({
        format: 'zip bomb (200 MB)',
        bytes: bomb.length,
        ms,
        rssMb: Math.round(process.memoryUsage().rss / MB),
        heapMb: Math.round(process.memoryUsage().heapUsed / MB),
      });
      assert.ok(ms < 1000, `took ${ms} ms`);
      assert.ok(grewMb < 50, `rss grew by ${grewMb.toFixed(1)} MB`);
    });

    it('each guard alone stops the bomb: the ratio, and the total size', async function () {
      const bomb = await fixtures.makeZipBomb(200 * MB);
      await rejectsWith(
        extractor.extract(bomb, MIME.zip, 'b.zip', { maxZipTotalBytes: 1024 * MB }),
        'LIMIT_EXCEEDED',
        /ratio/,
      );
      await rejectsWith(
        extractor.extract(bomb, MIME.zip, 'b.zip', { maxZipRatio: 1e9, maxZipTotalBytes: 100 * MB }),
        'LIMIT_EXCEEDED',
        /inflate to/,
      );
    });

    it('small entries, each free of the ratio, and archives nested in archives cannot multiply it: the whole archive is held to it too', async function () {
      // 200 entries of 60 KiB of one letter: each under the 64 KiB an entry may be at any ratio, 12 MB from a few KiB.
      const letters = Buffer.alloc(60 * 1024, 'a');
      const entries = Array.from({ length: 200 }, (_, i) => ({ name: `a${i}.txt`, data: letters }));
      const flat = fixtures.makeZip(entries);
      assert.ok(flat.length < 64 * 1024, `${flat.length} bytes`);
      await rejectsWith(
        extractor.extract(flat, MIME.zip, 'flat.zip'),
        'LIMIT_EXCEEDED',
        /inflate to 12288000 bytes in all, more than 100 times the archive's own \d+ bytes \(counted as 65536\)/,
      );
      // The same entries in an archive inside an archive: the inner one's entries count against the outer's size.
      const nested = fixtures.makeZip([{ name: 'inner.zip', data: fixtures.makeZip(entries) }]);
      await rejectsWith(extractor.extract(nested, MIME.zip, 'nested.zip'), 'LIMIT_EXCEEDED', /times the archive's own/);
      // Under the bound it reads: a tenth of them (1.2 MB from what counts as 64 KiB).
      const doc = await extractor.extract(fixtures.makeZip(entries.slice(0, 20)), MIME.zip, 'fine.zip');
      assert.equal(doc.metadata.mime, MIME.zip);
    });

    it('a header understating the size fails as soon as the stream exceeds it', async function () {
      const liar = await fixtures.makeZipBomb(200 * MB, 1000);
      const rssBefore = process.memoryUsage().rss;
      const start = Date.now();
      await rejectsWith(extractor.extract(liar, MIME.zip, 'liar.zip'), 'CORRUPT', /too many bytes/);
      assert.ok(Date.now() - start < 1000, `took ${Date.now() - start} ms`);
      assert.ok((process.memoryUsage().rss - rssBefore) / MB < 50);
    });

    it('too many entries fail with LIMIT_EXCEEDED', async function () {
      const many = fixtures.makeManyEntriesZip(DEFAULT_EXTRACT_LIMITS.maxZipEntries + 1);
      await rejectsWith(extractor.extract(many, MIME.zip, 'many.zip'), 'LIMIT_EXCEEDED', /entries/);
      const doc = await extractor.extract(fixtures.makeManyEntriesZip(3), MIME.zip, 'few.zip', { maxZipEntries: 3 });
      assert.equal(doc.pages.length, 3);
    });

    it('a bomb inside a .docx or .xlsx container is stopped before the Office parser sees it', async function () {
      const zeros = Buffer.alloc(20 * MB);
      for (const [mime, part] of [
        [MIME.docx, 'word/document.xml'],
        [MIME.xlsx, 'xl/workbook.xml'],
      ] as const) {
        const container = fixtures.makeZip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: part, data: zeros },
        ]);
        await rejectsWith(extractor.extract(container, mime, 'bomb'), 'LIMIT_EXCEEDED', /ratio/);
      }
      assert.ok(deflateRawSync(zeros).length < 100_000);
    });
  });

  describe('type checks', function () {
    it('rejects bytes that do not match the declared type', async function () {
      const png = fixtures.makePng();
      await rejectsWith(extractor.extract(png, MIME.pdf, 'x.pdf'), 'TYPE_MISMATCH', /%PDF/);
      await rejectsWith(extractor.extract(await fixtures.makePdf(), 'image/png', 'x.png'), 'TYPE_MISMATCH');
      await rejectsWith(extractor.extract(await fixtures.makeDocx(), MIME.xlsx, 'x.xlsx'), 'TYPE_MISMATCH', /xlsx/);
      await rejectsWith(extractor.extract(await fixtures.makeXlsx(), MIME.docx, 'x.docx'), 'TYPE_MISMATCH', /docx/);
      await rejectsWith(extractor.extract(png, 'text/plain', 'x.txt'), 'TYPE_MISMATCH', /UTF-8/);
      await rejectsWith(
        extractor.extract(Buffer.from('{"a": 1,}'), 'application/json', 'x.json'),
        'TYPE_MISMATCH',
        /JSON/,
      );
      await rejectsWith(extractor.extract(fixtures.makeWav(), 'audio/mpeg', 'x.mp3'), 'TYPE_MISMATCH');
      await rejectsWith(extractor.extract(fixtures.makeMp3(), 'video/mp4', 'x.mp4'), 'TYPE_MISMATCH');
    });

    it('tells Word from Excel inside OLE2 compound files by their directory, not their name', async function () {
      const doc = fixtures.makeDoc(['text']);
      const xls = fixtures.makeXls();
      await rejectsWith(extractor.extract(xls, MIME.doc, 'sales.doc'), 'TYPE_MISMATCH', /WordDocument/);
      await rejectsWith(extractor.extract(doc, MIME.xls, 'memo.xls'), 'TYPE_MISMATCH', /Workbook/);
      assert.deepEqual(checkFileType(doc, MIME.doc, 'renamed.bin'), { ok: true, mime: MIME.doc });
      assert.deepEqual(checkFileType(xls, MIME.xls, 'renamed.bin'), { ok: true, mime: MIME.xls });
    });

    it('recognises each signature', async function () {
      const ok = (bytes: Buffer, mime: string) => assert.equal(checkFileType(bytes, mime, 'f').ok, true, mime);
      const bad = (bytes: Buffer, mime: string) => assert.equal(checkFileType(bytes, mime, 'f').ok, false, mime);
      ok(await fixtures.makeGif(), 'image/gif');
      ok(await fixtures.makeWebp(), 'image/webp');
      ok(fixtures.makeJpeg(), 'image/jpeg');
      bad(await fixtures.makeWebp(), 'audio/wav');
      bad(fixtures.makeWav(), 'image/webp');
      // An MP3 without an ID3 tag starts with a frame header; ADTS AAC (layer bits 00) is not MP3.
      ok(fixtures.makeMp3().subarray(fixtures.makeMp3().indexOf(Buffer.from([0xff, 0xfb]))), 'audio/mpeg');
      bad(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0]), 'audio/mpeg');
      ok(Buffer.concat([Buffer.from('junk\n'), Buffer.from('%PDF-1.4')]), MIME.pdf);
      bad(Buffer.from('abc\u0000def'), 'text/plain');
      bad(Buffer.from([0xc3, 0x28]), 'text/markdown');
      assert.deepEqual(checkFileType(Buffer.from('x'), 'image/tiff', 'f'), {
        ok: false,
        reason: 'type image/tiff is not accepted',
      });
    });

    it('rejects types that are not accepted', async function () {
      for (const mime of ['application/x-msdownload', 'image/tiff', 'text/html', 'audio/ogg', '']) {
        await rejectsWith(extractor.extract(Buffer.from('data'), mime, 'f'), 'UNSUPPORTED_TYPE');
      }
    });

    it('normalizes declared types and accepts exactly the spec list', function () {
      assert.equal(normalizeMime(' Text/Plain; charset=UTF-8'), 'text/plain');
      assert.equal(normalizeMime('application/x-zip-compressed'), 'application/zip');
      assert.equal(ACCEPTED_MIME_TYPES.length, 18);
      assert.ok(ACCEPTED_MIME_TYPES.includes('application/x-zip-compressed'));
    });

    it('empty files, whitespace-only text and empty workbooks are EMPTY', async function () {
      await rejectsWith(extractor.extract(Buffer.alloc(0), 'text/plain', 'e.txt'), 'EMPTY');
      await rejectsWith(extractor.extract(Buffer.from(' \n\t\n'), 'text/plain', 'e.txt'), 'EMPTY');
      await rejectsWith(extractor.extract(Buffer.from('{}'), 'application/json', 'e.json'), 'EMPTY');
      await rejectsWith(extractor.extract(fixtures.makeZip([]), MIME.zip, 'e.zip'), 'EMPTY');
    });

    it('damaged files fail as CORRUPT', async function () {
      await rejectsWith(extractor.extract(Buffer.from('%PDF-1.7\nnot really a pdf'), MIME.pdf, 'x.pdf'), 'CORRUPT');
      const png = fixtures.makePng();
      await rejectsWith(extractor.extract(png.subarray(0, 60), 'image/png', 'x.png'), 'CORRUPT');
      await rejectsWith(extractor.extract(fixtures.makeMp3().subarray(0, 50), 'audio/mpeg', 'x.mp3'), 'CORRUPT');
      await rejectsWith(extractor.extract(fixtures.makeWav().subarray(0, 20), 'audio/wav', 'x.wav'), 'CORRUPT');
      const doc = fixtures.makeDoc(['text']);
      await rejectsWith(extractor.extract(doc.subarray(0, 1536), MIME.doc, 'x.doc'), 'CORRUPT');
      const docx = await fixtures.makeDocx();
      await rejectsWith(extractor.extract(docx.subarray(0, docx.length - 200), MIME.docx, 'x.docx'), 'CORRUPT');
    });

    it('OCR: a job over its time limit fails with LIMIT_EXCEEDED and the worker is replaced', async function () {
      const impatient = createExtractor({ ocrTimeoutMs: 1 });
      try {
        await rejectsWith(impatient.extract(fixtures.makePng(), 'image/png', 'a.png'), 'LIMIT_EXCEEDED', /OCR took/);
        await rejectsWith(impatient.extract(fixtures.makePng(), 'image/png', 'a.png'), 'LIMIT_EXCEEDED', /OCR took/);
      } finally {
        await impatient.close();
      }
    });

    it('OCR: a missing language directory is a configuration error, not a file error', async function () {
      const misconfigured = createExtractor({ ocrLanguageDir: '/nonexistent' });
      try {
        await assert.rejects(misconfigured.extract(fixtures.makePng(), 'image/png', 'a.png'), (error: Error) => {
          assert.ok(!(error instanceof ExtractionError));
          assert.match(error.message, /eng\.traineddata/);
          return true;
        });
      } finally {
        await misconfigured.close();
      }
    });

    it('a closed extractor refuses work', async function () {
      const closed = createExtractor();
      await closed.close();
      await assert.rejects(closed.extract(fixtures.makeText(), 'text/plain', 'a.txt'), /closed/);
    });
  });
});
