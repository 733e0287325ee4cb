// How the retrieval bench delivers its pages (bench/retrieval/models.bench.ts asDelivered) and which labelled set
// it asks (bench/retrieval/labels.ts labelsFile): the `file` delivery is a .txt upload as the service reads it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { LABELS_FILE, labelsFile } from '../../../bench/retrieval/labels';
import { asDelivered } from '../../../bench/retrieval/models.bench';
import type { DocPage } from '../../../bench/retrieval/pydoc';

const page = {
  path: 'library/json.html',
  title: 'json — JSON encoder and decoder',
  text: 'Source code: Lib/json/__init__.py\nBasic Usage\nSerialize obj as a JSON formatted stream.',
  headings: [{ at: 34, level: 2, text: 'Basic Usage' }],
} satisfies DocPage;

describe('retrieval bench delivery', () => {
  it('html keeps the page; text reads only the title line a text item would have; file titles it by its file name and reads its title line', () => {
    assert.deepEqual(asDelivered([page]), [page]);
    assert.deepEqual(asDelivered([page], 'text'), [{ ...page, headings: [] }]);
    // A text item's content is read as the service reads it: a title line standing alone is its heading.
    const titled = { ...page, text: `Serializing\n\n${page.text}` };
    assert.deepEqual(asDelivered([titled], 'text')[0]!.headings, [{ level: 1, text: 'Serializing', at: 0 }]);
    assert.deepEqual(asDelivered([page], 'file'), [
      {
        path: 'library/json.html',
        title: 'library_json.txt',
        text: `json — JSON encoder and decoder\n\n${page.text}`,
        headings: [{ level: 1, text: 'json — JSON encoder and decoder', at: 0 }],
      },
    ]);
    assert.throws(() => asDelivered([page], 'pdf'), /KWS_RETRIEVAL_DELIVERY: pdf is not html, text or file/);
  });

  it('asks labels.json unless KWS_RETRIEVAL_LABELS names another set', () => {
    assert.equal(labelsFile({}), LABELS_FILE);
    assert.equal(labelsFile({ KWS_RETRIEVAL_LABELS: '/data/blind.json' }), '/data/blind.json');
    assert.equal(path.basename(LABELS_FILE), 'labels.json');
  });
});
