// Section headings of extracted text (src/extract/headings.ts): Markdown's headings read from its lines, the
// marks HTML and .docx renderers put around headings taken out again with each heading's place in the tidied
// text, and each chunk's heading path (src/extract/chunk.ts).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { chunkPages } from '../../../src/extract/chunk';
import {
  headingPathAt,
  markdownHeadings,
  markHeading,
  MAX_PAGE_HEADINGS,
  shiftedHeadings,
  takeHeadings,
  withoutMarks,
  type PageHeading,
} from '../../../src/extract/headings';
import { extractMarkdown } from '../../../src/extract/text';

/** Each heading's text as it stands at its offset in `text` (the line it starts on). */
const linesAt = (text: string, headings: PageHeading[]) =>
  headings.map((h) => text.slice(h.at, text.indexOf('\n', h.at) === -1 ? undefined : text.indexOf('\n', h.at)));

describe('headings', function () {
  describe('markdownHeadings', function () {
    it('reads ATX and setext headings with their levels and line offsets, outside fenced code and front matter', function () {
      const text = [
        '---',
        'title: Runbook',
        '---',
        '# Runbook',
        'Intro text.',
        '',
        '## Rotating keys ##',
        'Create the new key first.',
        '```sh',
        '# not a heading: a shell comment',
        '```',
        '~~~',
        '## not one either',
        '~~~',
        '   ### Revoking the `old` key',
        '#hashtag is not a heading',
        '####### seven is too many',
        'Restoring backups',
        '-----------------',
        'A paragraph.',
        '- a list item',
        '---',
        'Appendix',
        '========',
      ].join('\n');
      const headings = markdownHeadings(text);
      assert.deepEqual(
        headings.map((h) => [h.level, h.text]),
        [
          [1, 'Runbook'],
          [2, 'Rotating keys'],
          [3, 'Revoking the `old` key'],
          [2, 'Restoring backups'],
          [1, 'Appendix'],
        ],
      );
      assert.deepEqual(linesAt(text, headings), [
        '# Runbook',
        '## Rotating keys ##',
        '   ### Revoking the `old` key',
        'Restoring backups',
        'Appendix',
      ]);
    });

    it('keeps a closing run of # that is part of the text (C#) and drops an empty heading', function () {
      assert.deepEqual(
        markdownHeadings('## Using C#\n#\n## \n### Notes ###   ').map((h) => h.text),
        ['Using C#', 'Notes'],
      );
    });

    it('extractMarkdown records the headings on its page; plain text has none', function () {
      const doc = extractMarkdown(Buffer.from('\r\n# Guide\r\n\r\n## Install\r\nRun it.\r\n'));
      const page = doc.pages[0]!;
      assert.equal(page.text, '# Guide\n\n## Install\nRun it.');
      assert.deepEqual(page.headings, [
        { level: 1, text: 'Guide', at: 0 },
        { level: 2, text: 'Install', at: 9 },
      ]);
      assert.equal(extractMarkdown(Buffer.from('no headings here')).pages[0]!.headings, undefined);
    });

    it('records at most MAX_PAGE_HEADINGS headings of a page, however many lines look like one', function () {
      const text = '```\n' + '# x\n'.repeat(100_000) + '```\n' + '## y\n'.repeat(100_000);
      const headings = markdownHeadings(text);
      assert.equal(headings.length, MAX_PAGE_HEADINGS);
      assert.ok(
        headings.every((h) => h.level === 2 && h.text === 'y'),
        'the fenced lines are not headings',
      );
      const marked = takeHeadings(Array.from({ length: 20_000 }, (_, i) => markHeading(2, `h${i}`)).join('\n'));
      assert.equal(marked.headings.length, MAX_PAGE_HEADINGS);
      assert.equal(marked.text.split('\n').length, 20_000, 'the text keeps every line');
    });
  });

  describe('takeHeadings', function () {
    it('removes the marks, tidies the text and records where each heading landed', function () {
      const marked = `\n\n  ${markHeading(2, ' Rotating   keys ')}  \n\n\n\nCreate the key.\n${markHeading(3, 'Step\none')}\n\n \nDone.  \n\n`;
      const { text, headings } = takeHeadings(marked);
      assert.equal(text, 'Rotating   keys\n\nCreate the key.\nStep\none\n\nDone.');
      assert.deepEqual(headings, [
        { level: 2, text: 'Rotating keys', at: 0 },
        { level: 3, text: 'Step one', at: text.indexOf('Step') },
      ]);
    });

    it("trim 'end' keeps a line's leading tabs (as .docx text keeps them) but not the text's", function () {
      const { text } = takeHeadings('  first\n\tindented  \n', { trim: 'end' });
      assert.equal(text, 'first\n\tindented');
    });

    it('matches the old tidy exactly on text without marks, and offsets always point at the heading', function () {
      const oldTidy = (s: string) =>
        s
          .split('\n')
          .map((l) => l.trim())
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trim();
      const piece = fc.constantFrom('a', 'word', ' ', '  ', '\n', '\n\n', '\t', 'x y');
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.array(piece, { maxLength: 8 }), fc.option(fc.integer({ min: 1, max: 6 }))), {
            maxLength: 12,
          }),
          (parts) => {
            const plain = parts.map(([p]) => p.join('')).join('');
            assert.equal(takeHeadings(plain).text, oldTidy(plain));
            const marked = parts
              .map(([p, level]) => (level ? `\n${markHeading(level, p.join(''))}\n` : p.join('')))
              .join('');
            const { text, headings } = takeHeadings(marked);
            assert.equal(text, oldTidy(withoutMarks(marked)));
            for (const h of headings) {
              assert.ok(h.text.length > 0);
              assert.ok(
                text.startsWith(h.text.split(' ')[0]!, h.at),
                `${JSON.stringify(h)} in ${JSON.stringify(text)}`,
              );
            }
          },
        ),
      );
    });

    it('withoutMarks drops mark characters that arrive in content', function () {
      assert.equal(withoutMarks('a\ue002b\ue000c'), 'abc');
    });
  });

  describe('heading paths', function () {
    const headings: PageHeading[] = [
      { level: 1, text: 'Guide', at: 0 },
      { level: 2, text: 'Install', at: 10 },
      { level: 3, text: 'Linux', at: 20 },
      { level: 2, text: 'Upgrade', at: 30 },
      { level: 4, text: 'Deep', at: 40 },
    ];

    it('headingPathAt: the headings a position sits under, outermost first', function () {
      assert.deepEqual(headingPathAt(headings, 0), ['Guide']);
      assert.deepEqual(headingPathAt(headings, 25), ['Guide', 'Install', 'Linux']);
      assert.deepEqual(headingPathAt(headings, 30), ['Guide', 'Upgrade']);
      assert.deepEqual(headingPathAt(headings, 45), ['Guide', 'Upgrade', 'Deep']);
      assert.deepEqual(headingPathAt([], 5), []);
      assert.deepEqual(headingPathAt(undefined, 5), []);
    });

    it('shiftedHeadings moves offsets behind a prefix', function () {
      assert.deepEqual(shiftedHeadings([{ level: 1, text: 'A', at: 0 }], 7), {
        headings: [{ level: 1, text: 'A', at: 7 }],
      });
      assert.deepEqual(shiftedHeadings([], 7), {});
    });

    it('chunkPages gives each chunk the path it starts under; a page without headings gives none', function () {
      const section = (title: string, level: number) =>
        `${'#'.repeat(level)} ${title}\n\n${`${title} text. `.repeat(12)}\n\n`;
      const text = (section('Guide', 1) + section('Install', 2) + section('Linux', 3) + section('Upgrade', 2)).trim();
      const chunks = chunkPages(
        [
          { pageNumber: 1, text, headings: markdownHeadings(text) },
          { pageNumber: 2, text: 'A second page without headings.' },
        ],
        { size: 200, overlap: 0 },
      );
      const paths = chunks.map((c) => [c.text.slice(0, 12), c.headings]);
      for (const chunk of chunks.filter((c) => c.pageNumber === 1)) {
        assert.deepEqual(chunk.headings, headingPathAt(markdownHeadings(text), chunk.charStart), JSON.stringify(paths));
      }
      assert.deepEqual(chunks.find((c) => c.text.startsWith('Install text'))?.headings, ['Guide', 'Install']);
      assert.deepEqual(chunks.find((c) => c.text.startsWith('Linux text'))?.headings, ['Guide', 'Install', 'Linux']);
      assert.deepEqual(chunks.find((c) => c.text.startsWith('Upgrade text'))?.headings, ['Guide', 'Upgrade']);
      assert.equal(chunks.at(-1)?.headings, undefined);
    });
  });
});
