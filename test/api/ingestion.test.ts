// Every accepted MIME type, from a real fixture: uploaded through the API, extracted by the ingestion
// workflow, and then found by semantic search with a paraphrased query.
import assert from 'node:assert/strict';
import * as f from '../fixtures/generate';
import { type Tenant } from '../helpers/factories';
import { uploadRequest } from '../helpers/knowledge';
import { stackWithTenant, type TestStack } from '../helpers/stack';

interface Case {
  name: string;
  contentType: string;
  filename: string;
  bytes: () => Promise<Buffer> | Buffer;
  /** A query that says the same thing in other words. */
  query: string;
  pageNumber?: number;
}

const CASES: Case[] = [
  {
    name: 'PDF (text per page)',
    contentType: 'application/pdf',
    filename: 'report.pdf',
    bytes: () =>
      f.makePdf([
        'Our customers can cancel a subscription at any time from the billing page.',
        'Beta page: the migration plan starts in March.',
      ]),
    query: 'How do I stop paying for my plan?',
    pageNumber: 1,
  },
  {
    name: 'PDF, second page',
    contentType: 'application/pdf',
    filename: 'handbook.pdf',
    bytes: () =>
      f.makePdf([
        'Cover page of the employee handbook.',
        'Staff who work from home receive a monthly internet allowance.',
      ]),
    query: 'remote workers get money for their broadband',
    pageNumber: 2,
  },
  {
    name: 'legacy Word .doc',
    contentType: 'application/msword',
    filename: 'cafeteria.doc',
    bytes: () => f.makeDoc(['The cafeteria will serve vegetarian lunches every Wednesday.']),
    query: 'meat-free meals in the canteen midweek',
  },
  {
    name: 'Word .docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    filename: 'kickoff.docx',
    bytes: () => f.makeDocx(),
    query: 'first meeting summary for the Falcon initiative',
  },
  {
    name: 'plain text',
    contentType: 'text/plain',
    filename: 'memo.txt',
    bytes: () => f.makeText(),
    query: 'the due date was postponed to the end of the week',
  },
  {
    name: 'Markdown',
    contentType: 'text/markdown',
    filename: 'onboarding.md',
    bytes: () => f.makeMarkdown(),
    query: 'first steps for new hires joining the company',
  },
  {
    name: 'Excel .xls',
    contentType: 'application/vnd.ms-excel',
    filename: 'sales.xls',
    bytes: () => f.makeXls(),
    query: 'how many units were sold in each area',
  },
  {
    name: 'Excel .xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: 'customers.xlsx',
    bytes: () => f.makeXlsx(),
    query: 'customer list with the town they live in',
  },
  {
    name: 'CSV',
    contentType: 'text/csv',
    filename: 'prices.csv',
    bytes: () => f.makeCsv(),
    query: 'what does each product cost',
  },
  {
    name: 'JSON',
    contentType: 'application/json',
    filename: 'order.json',
    bytes: () => f.makeJson(),
    query: 'purchase delivery zip code',
  },
  {
    name: 'ZIP',
    contentType: 'application/zip',
    filename: 'bundle.zip',
    bytes: () =>
      f.makeZip([
        { name: 'parking.txt', data: Buffer.from('Parking permits must be renewed at the front desk each January.') },
      ]),
    query: 'where can I extend my car pass',
  },
  {
    name: 'ZIP (x-zip-compressed)',
    contentType: 'application/x-zip-compressed',
    filename: 'garden.zip',
    bytes: () =>
      f.makeZip([
        {
          name: 'garden.md',
          data: Buffer.from('# Garden\n\nThe rooftop plants are watered by volunteers on Tuesdays.'),
        },
      ]),
    query: 'who takes care of the greenery on the roof',
  },
  {
    name: 'PNG (OCR)',
    contentType: 'image/png',
    filename: 'invoice.png',
    bytes: () => f.makePng(f.renderText(['INVOICE PAID IN FULL'])),
    query: 'the bill has been settled',
  },
  {
    name: 'JPEG (OCR)',
    contentType: 'image/jpeg',
    filename: 'notice.jpg',
    bytes: () => f.makeJpeg(f.renderText(['MEETING CANCELLED'])),
    query: 'the gathering will not take place',
  },
  {
    name: 'GIF (OCR)',
    contentType: 'image/gif',
    filename: 'sign.gif',
    bytes: () => f.makeGif(f.renderText(['SERVER MAINTENANCE TONIGHT'])),
    query: 'system downtime this evening',
  },
  {
    name: 'WEBP (OCR)',
    contentType: 'image/webp',
    filename: 'door.webp',
    bytes: () => f.makeWebp(f.renderText(['LIBRARY CLOSED ON SUNDAY'])),
    query: 'the book lending room is shut at the weekend',
  },
  {
    name: 'WAV (title and technical metadata)',
    contentType: 'audio/wav',
    filename: 'standup.wav',
    bytes: () => f.makeWav(2, 8000, 'Daily standup recording'),
    query: 'audio of the team morning sync',
  },
  {
    name: 'MP3 (title and technical metadata)',
    contentType: 'audio/mpeg',
    filename: 'podcast.mp3',
    bytes: () => f.makeMp3(115, 'Personal finance podcast'),
    query: 'an episode about managing your money',
  },
  {
    name: 'MP4 (title and technical metadata)',
    contentType: 'video/mp4',
    filename: 'demo.mp4',
    bytes: () => f.makeMp4(5, 'Product demo walkthrough'),
    query: 'video showing how the software works',
  },
];

describe('ingestion of every accepted MIME type', function () {
  this.timeout(300_000);
  let stack: TestStack, tenant: Tenant, headers: Record<string, string>;
  const ids = new Map<string, string>();

  before(async () => {
    ({ stack, tenant, headers } = await stackWithTenant());
    for (const c of CASES) {
      const res = await uploadRequest(stack.request, tenant.workspaceId, headers, {
        filename: c.filename,
        contentType: c.contentType,
        bytes: await c.bytes(),
      });
      assert.equal(res.status, 200, `${c.name}: ${res.text}`);
      assert.equal(res.body.status, 'COMPLETED', `${c.name}: ${res.text}`);
      ids.set(c.name, res.body.knowledgeId);
    }
  });

  for (const c of CASES) {
    it(`${c.name}: extracted, then found by "${c.query}"`, async () => {
      const id = ids.get(c.name)!;
      const chunks = await stack.deps.db('knowledge_chunks').where({ knowledge_id: id }).whereNotNull('embedding');
      assert.ok(chunks.length > 0, 'chunks with vectors stored');
      const res = await stack.request('POST', `/workspaces/${tenant.workspaceId}/knowledge/search`, {
        headers: { ...headers, 'x-api-key': tenant.apiKey },
        json: { query: c.query, limit: 3 },
      });
      assert.equal(res.status, 200, res.text);
      const rank = res.body.results.findIndex((r: { id: string }) => r.id === id);
      assert.ok(
        rank >= 0,
        `found in the top 3 of ${CASES.length}: ${JSON.stringify(res.body.results.map((r: { title: string }) => r.title))}`,
      );
      if (c.pageNumber !== undefined) assert.equal(res.body.results[rank].pageNumber, c.pageNumber);
    });
  }
});
