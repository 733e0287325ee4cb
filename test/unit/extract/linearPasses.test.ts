// Text passes over outsiders' input rewritten to run in one pass (an audit of every regular expression in src/):
// each gives exactly what the code it replaced gave, checked here against that code on many generated inputs,
// and reads the inputs that made the old code slow.
import assert from 'node:assert/strict';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { assembleText } from '../../../src/extract/pdf';
import { dropBracketed, isDateFormat } from '../../../src/extract/xls';
import { sseData } from '../../../src/services/agent/chatCompletions';
import { mulberry32 } from '../../helpers/random';

/** Texts and picks from a deterministic generator, so a failure names a reproducible input. */
function generator(seed: number) {
  const next = mulberry32(seed);
  const pick = <T>(options: readonly T[]) => options[next() % options.length] as T;
  const text = (alphabet: readonly string[], max: number) =>
    Array.from({ length: next() % (max + 1) }, () => pick(alphabet)).join('');
  return { next, pick, text };
}

describe('one-pass text readers', () => {
  it('dropBracketed removes [bracketed] parts exactly as /\\[[^\\]]*\\]/g did', () => {
    const g = generator(11);
    for (let n = 0; n < 20000; n += 1) {
      const s = g.text(['[', ']', 'a', 'd', '"', '\\'], 14);
      assert.equal(dropBracketed(s), s.replace(/\[[^\]]*\]/g, ''), JSON.stringify(s));
    }
    assert.equal(dropBracketed('['.repeat(65_535)), '['.repeat(65_535));
    assert.equal(isDateFormat('['.repeat(65_535)), false);
    assert.equal(isDateFormat('[Red]yyyy-mm-dd'), true);
    assert.equal(isDateFormat('[Red]0.00'), false);
    assert.equal(isDateFormat('"day "0'), false);
  });

  it('assembleText joins a page of runs exactly as the string it used to grow did', () => {
    // The replaced version, for comparison.
    function before(items: TextItem[]): string {
      let text = '';
      let last: { x: number; y: number; height: number } | undefined;
      for (const item of items) {
        const x = item.transform[4] as number;
        const y = item.transform[5] as number;
        const height = Math.abs(item.height) || Math.abs(item.transform[3] as number) || 1;
        if (last && text && !text.endsWith('\n') && item.str) {
          if (Math.abs(y - last.y) > Math.max(height, last.height) * 0.5) text += '\n';
          else if (x - last.x > height * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
        }
        text += item.str;
        if (item.hasEOL) text += '\n';
        if (item.str || item.hasEOL) last = { x: x + item.width, y, height };
      }
      return text
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    }
    const g = generator(5);
    for (let n = 0; n < 3000; n += 1) {
      const items = Array.from({ length: g.next() % 8 }, () => {
        const str = g.text(['a', 'b', ' ', '\n', '\t'], 4);
        return {
          str,
          dir: 'ltr',
          width: g.next() % 20,
          height: g.pick([0, 10, 12]),
          transform: [1, 0, 0, g.pick([0, 10]), g.next() % 60, g.pick([700, 700, 688, 650])],
          fontName: 'f',
          hasEOL: g.next() % 4 === 0,
        } satisfies TextItem;
      });
      assert.equal(assembleText(items), before(items), JSON.stringify(items));
    }
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      str: 'w',
      dir: 'ltr',
      width: 3,
      height: 10,
      transform: [1, 0, 0, 10, i * 6, 700],
      fontName: 'f',
      hasEOL: false,
    }));
    assert.equal(assembleText(many), Array.from({ length: 100_000 }, () => 'w').join(' '));
  });

  it('sseData reads the same events whatever pieces the stream arrives in', async () => {
    async function events(pieces: string[]): Promise<string[]> {
      async function* body() {
        for (const p of pieces) yield new TextEncoder().encode(p);
      }
      const out: string[] = [];
      for await (const e of sseData(body())) out.push(e);
      return out;
    }
    const g = generator(3);
    for (let n = 0; n < 2000; n += 1) {
      const stream = g.text(['data: a', 'data:b', '\n', '\r\n', '\r', ': note', 'event: x', 'c'], 12);
      // One piece, against the same stream cut at random places.
      const whole = await events([stream]);
      const cuts: string[] = [];
      for (let at = 0; at < stream.length;) {
        const size = 1 + (g.next() % 4);
        cuts.push(stream.slice(at, at + size));
        at += size;
      }
      // \r\n is one line end even when a cut falls between the two.
      assert.deepEqual(await events(cuts), whole, JSON.stringify(stream));
    }
    // A multi-line event whose \r\n falls between two chunks stays one event.
    assert.deepEqual(await events(['data: a\r', '\ndata: b\r', '\n\r', '\n']), ['a\nb']);
    // A chunk of 262,144 line ends, read in one pass.
    assert.deepEqual(await events(['data: x', '\n'.repeat(262_144)]), ['x']);
    // A line of 999,999 characters in 100-character pieces, then its end: one event.
    const long = 'x'.repeat(999_993);
    const pieces = [`data: ${long}`.match(/[\s\S]{1,100}/g) ?? [], '\n\n'].flat();
    assert.deepEqual(await events(pieces), [long]);
  });
});
