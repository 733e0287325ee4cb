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
  MAX_TITLE_LINE_CHARS,
  plainTextTitle,
  shiftedHeadings,
  takeHeadings,
  withoutMarks,
  type PageHeading,
} from '../../../src/extract/headings';
import { extractMarkdown, extractText } from '../../../src/extract/text';

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

    it('records at most MAX_PAGE_HEADINGS headings of a page, then one entry that ends every path', function () {
      const text = '```\n' + '# x\n'.repeat(100_000) + '```\n' + '## y\n'.repeat(100_000) + 'tail text';
      const headings = markdownHeadings(text);
      assert.equal(headings.length, MAX_PAGE_HEADINGS + 1);
      assert.ok(
        headings.slice(0, -1).every((h) => h.level === 2 && h.text === 'y'),
        'the fenced lines are not headings',
      );
      assert.deepEqual(headings.at(-1), { level: 0, text: '', at: headings.at(-2)!.at + 5 });
      // Chunks before the cap sit under the last heading, chunks after it under none.
      assert.deepEqual(headingPathAt(headings, headings.at(-2)!.at), ['y']);
      assert.deepEqual(headingPathAt(headings, text.length - 1), []);
      const marked = takeHeadings(Array.from({ length: 20_000 }, (_, i) => markHeading(2, `h${i}`)).join('\n'));
      assert.equal(marked.headings.length, MAX_PAGE_HEADINGS + 1);
      assert.equal(marked.headings.at(-1)?.level, 0);
      assert.equal(marked.text.split('\n').length, 20_000, 'the text keeps every line');
    });

    it('a backtick fence whose info string holds a backtick is no fence (CommonMark)', function () {
      assert.deepEqual(
        markdownHeadings('```js`\n# Still a heading').map((h) => h.text),
        ['Still a heading'],
      );
    });
  });

  describe('plainTextTitle', function () {
    it('reads a first line standing alone before the text as the title: a level-1 heading every chunk sits under', function () {
      const body = 'The json module encodes Python objects as JSON text. '.repeat(40);
      const doc = extractText(Buffer.from(`json \u2014 JSON encoder and decoder\r\n\r\n${body}`));
      const page = doc.pages[0]!;
      assert.deepEqual(page.headings, [{ level: 1, text: 'json \u2014 JSON encoder and decoder', at: 0 }]);
      const chunks = chunkPages(doc.pages, { size: 500, overlap: 0 });
      assert.ok(chunks.length > 2);
      assert.ok(chunks.every((c) => c.headings?.[0] === 'json \u2014 JSON encoder and decoder'));
    });

    it('reads none where the first line is no title', function () {
      const cases = {
        'a sentence': 'The service starts on port 8080.\n\nMore text.',
        'a lead-in': 'Steps to follow:\n\n1. Install it.',
        'wrapped prose':
          'This paragraph is hard-wrapped at a short width so\nits first line continues on the next line.',
        'one line only': 'Just a title',
        'a title and nothing after': 'Just a title\n\n   \n',
        'a list item': '- first item\n\nsecond paragraph',
        'a comment': '# not markdown here\n\nbody',
        'one character over the bound': `${'w'.repeat(MAX_TITLE_LINE_CHARS + 1)}\n\nbody`,
        'a numbered list': '1. Install the CLI\n\n2. Run it',
        'a numbered list with brackets': '1) Install\n\n2) Run',
        'a dialogue': 'User: how do I reset my password\n\nAssistant: use the link',
        'questions and answers': 'Q: How do I reset?\n\nA: Use the link.',
        'a CJK sentence': '\u670d\u52a1\u5728\u7aef\u53e38080\u4e0a\u542f\u52a8\u3002\n\n\u66f4\u591a',
        'a CJK lead-in': '\u6b65\u9aa4\u5982\u4e0b\uff1a\n\n\u5b89\u88c5',
        'a bracket alone': '[\n\nbody',
        'a page number': '1\n\nbody',
      };
      for (const [name, text] of Object.entries(cases)) assert.deepEqual(plainTextTitle(text), [], name);
      assert.equal(extractText(Buffer.from('Install:\n\nrun it')).pages[0]!.headings, undefined);
    });

    it('reads a question, a quoted, numbered or bracketed title, an identifier and a title in another script', function () {
      const titles = ['What is a workspace?', '"Relay" operations guide', '2026 release notes', 'Руководство'];
      const more = ['__main__ \u2014 Top-level code environment', '[Draft] Runbook', '\u00bfQu\u00e9 es Python?'];
      // A chapter's number and a label are a title when the next paragraph is no second item.
      const numbered = ['1. Introduction', 'email: Examples', 'w'.repeat(MAX_TITLE_LINE_CHARS)];
      for (const title of [...titles, ...more, ...numbered]) {
        assert.deepEqual(plainTextTitle(`${title}\n\nbody text`), [{ level: 1, text: title, at: 0 }], title);
      }
    });

    it('reads a title repeated as the first line of the text, and a title after a byte order mark', function () {
      assert.deepEqual(plainTextTitle('1. Intro\n\n1. Intro\nbody'), [{ level: 1, text: '1. Intro', at: 0 }]);
      const doc = extractText(Buffer.from('\ufeffRunbook\r\n\r\nRestart the relay.', 'utf8'));
      assert.deepEqual(doc.pages[0]!.headings, [{ level: 1, text: 'Runbook', at: 0 }]);
    });

    it('reads a megabyte-long first line as no title, and a long blank line after a title as blank', function () {
      assert.deepEqual(plainTextTitle(`${'a'.repeat(1_000_000)}\n\nbody`), []);
      assert.deepEqual(plainTextTitle(`Title\n${' '.repeat(1_000_000)}\nbody`), [{ level: 1, text: 'Title', at: 0 }]);
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

    it('withoutMarks drops mark characters (Unicode noncharacters) that arrive in content, not private-use text', function () {
      assert.equal(withoutMarks('a\ufdd2b\ufdd0c'), 'abc');
      assert.equal(withoutMarks('icon \ue001 font'), 'icon \ue001 font');
    });

    it('keeps at most a few hundred characters of a heading however long it runs, never half a surrogate pair', function () {
      const long = 'x'.repeat(199) + '😀' + 'y'.repeat(5_000_000);
      const { text, headings } = takeHeadings(`intro\n${markHeading(1, long)}\nbody`);
      assert.equal(text, `intro\n${long}\nbody`);
      assert.equal(headings[0]!.text, 'x'.repeat(199));
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

    it('shiftedHeadings moves offsets behind a prefix, or keeps the opening heading over it', function () {
      assert.deepEqual(shiftedHeadings([{ level: 1, text: 'A', at: 0 }], 7), {
        headings: [{ level: 1, text: 'A', at: 7 }],
      });
      assert.deepEqual(shiftedHeadings([], 7), {});
      // 'stays': the opening heading covers the prefix (a zip entry's File: line); the others move.
      const opened = [
        { level: 1, text: 'A', at: 0 },
        { level: 2, text: 'B', at: 5 },
      ];
      assert.deepEqual(shiftedHeadings(opened, 7, 'stays'), {
        headings: [
          { level: 1, text: 'A', at: 0 },
          { level: 2, text: 'B', at: 12 },
        ],
      });
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
