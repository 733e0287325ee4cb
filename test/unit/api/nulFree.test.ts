// patternExcludesNul decides where the published document leaves out the second, "no NUL" pattern beside a field's
// own (src/api/openapi/cleanText.ts). Saying yes wrongly would drop a rule the service enforces from the document, so
// its yes is checked against the regular expression engine itself, over every short string of a small alphabet.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { patternExcludesNul } from '../../../src/api/openapi/nulFree';

/** Every string of up to `max` characters over the alphabet. */
function strings(alphabet: string[], max: number): string[] {
  const out = [''];
  let layer = [''];
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => alphabet.map((c) => s + c));
    out.push(...layer);
  }
  return out;
}

const ALPHABET = ['a', 'x', '1', ' ', '\u0000', '\u0001', '\n'];
const WITH_NUL = strings(ALPHABET, 4).filter((s) => s.includes('\u0000'));

/** A NUL-holding string the pattern matches, in Unicode mode (as JSON Schema validators read it) or without. */
function nulMatch(pattern: string): string | undefined {
  for (const flags of ['u', '']) {
    let re: RegExp;
    try {
      re = new RegExp(pattern, flags);
    } catch {
      continue;
    }
    const found = WITH_NUL.find((s) => re.test(s));
    if (found !== undefined) return found;
  }
  return undefined;
}

describe('patterns that refuse NUL on their own', () => {
  it('are recognised in the shapes the document uses', () => {
    for (const pattern of [
      '^[A-Za-z0-9_-]{1,255}$',
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      '^[^\\u0000-\\u001f\\u007f]+$',
      '^[^\\u0000-\\u001f\\u007f:]+$',
      '^(?!\\/)(?!.*\\/\\/)(?!.*\\/$)[^\\u0000-\\u001f\\u007f]+$',
      '^[!-~]([ -~]*[!-~])?$',
      '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
      '^[^\\x00]*$',
      '^[^\\0]*$',
      '^[^\\S]+$',
    ]) {
      assert.equal(patternExcludesNul(pattern), true, pattern);
      assert.equal(nulMatch(pattern), undefined, pattern);
    }
  });

  it('are not assumed where a NUL can get in, or where the reader is unsure', () => {
    for (const pattern of [
      '[^\\t\\n ]', // unanchored: any text around the one character
      '^\\/', // anchored at the start only
      '^[^\\s/?#]+$', // a negated class that does not name NUL
      '^.*$',
      '^\\S+$',
      '^[\\S]$',
      '^[\\0-z]$',
      '^[\\x00-\\x1f]$',
      '^\\u0000$',
      '^a|b$', // alternation between the anchors
      '^[^]$',
      '^[^\\01]$', // a legacy octal escape: U+0001, not NUL
      '^\\P{L}$',
      '^[\\p{Cc}]$',
      '^[a-z]+\\$',
      '^(a$',
      '^a)$',
      '^[a-z$',
      // A lookahead's capture comes back through a backreference: each matches "\0".
      '^(?=(.))\\1$',
      '^(?=(?<a>[^b]))\\k<a>$',
      '^(?:(?=(.))\\1)*$',
      '^(a)\\1$',
      // What other dialects read otherwise: an escaped literal NUL, Python's \N{NULL} and \U, Rust's \x{0}, a
      // class inside a class, and [] (a class of "]" in Python).
      '^\\\u0000$',
      '^[\\\u0000]$',
      '^\\N{NULL}$',
      '^\\U00000000$',
      '^\\x{0}$',
      '^[[^a]]$',
      '^[[:cntrl:]]$',
      '^[](?=].[])]$',
    ]) {
      assert.equal(patternExcludesNul(pattern), false, pattern);
    }
  });

  it('never say yes to a pattern that matches a string holding NUL (random patterns, every short string)', () => {
    const piece = fc.constantFrom(
      'a',
      'x',
      '1',
      ' ',
      '.',
      '\\S',
      '\\s',
      '\\d',
      '\\D',
      '\\w',
      '\\W',
      '\\0',
      '\\x00',
      '\\u0000',
      '\\u0001',
      '[a-z]',
      '[^a]',
      '[^\\u0000]',
      '[^\\u0000-\\u001f]',
      '[^\\x00x]',
      '[\\x00-\\x7f]',
      '[^\\s]',
      '[^\\S]',
      '[\\S]',
      '[^]',
      '[]',
      '(?!x)',
      '(?=.)',
      '(?!.*x)',
      '(?<!a)',
      '(?=(.))',
      '(?=(?<n>.))',
      '(.)',
      '\\1',
      '\\k<n>',
      '\\\u0000',
      '|',
      '(',
      ')',
      '(?:',
      '*',
      '+',
      '?',
      '{0,2}',
      '$',
      '^',
    );
    // Anchored at each end three times in four: the reader says no to every unanchored pattern.
    const anchor = fc.constantFrom(true, true, true, false);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 7 }), anchor, anchor, (pieces, start, end) => {
        const pattern = `${start ? '^' : ''}${pieces.join('')}${end ? '$' : ''}`;
        if (!patternExcludesNul(pattern)) return;
        assert.equal(nulMatch(pattern), undefined, `${pattern} was said to refuse NUL`);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});
