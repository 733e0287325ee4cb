// The convex fusion's keyword normalisation: the query's best keyword score scales to 1, a candidate without a
// keyword match to 0; 'max' keeps 0 as the floor, 'minmax' the lowest matching score. Page-level aggregation
// (itemBonus), and the query's shape that chooses hybrid's keyword match and weight.
import assert from 'node:assert/strict';
import type { ChunkHit } from '../../../src/db/repositories/search';
import {
  bareWord,
  fuseChunks,
  fuseItems,
  keywordNormaliser,
  queryShape,
  quotesText,
} from '../../../src/services/search/fusion';
import { DEFAULT_RETRIEVAL, hybridFor, withHybridWeight } from '../../../src/services/search/search';
import { mulberry32 } from '../../helpers/random';

const hit = (chunkId: string, keywordRank: number, distance = 0.5, knowledgeId = chunkId) =>
  ({ chunkId, knowledgeId, keywordRank, distance }) as ChunkHit;

describe('keyword normalisation for convex fusion', () => {
  const hits = [hit('a', 8), hit('b', 4), hit('c', 2), hit('d', 0)];

  it('divides by the best score (max) or scales between the lowest and best matching ones (minmax)', () => {
    const max = keywordNormaliser(hits, 'max');
    assert.deepEqual(hits.map(max), [1, 0.5, 0.25, 0]);
    const minmax = keywordNormaliser(hits, 'minmax');
    assert.deepEqual(hits.map(minmax), [1, 1 / 3, 0, 0]);
  });

  it('gives 1 to a sole match and 0 to all when nothing matches', () => {
    assert.deepEqual([hit('a', 3), hit('b', 0)].map(keywordNormaliser([hit('a', 3), hit('b', 0)], 'minmax')), [1, 0]);
    assert.deepEqual([hit('a', 0)].map(keywordNormaliser([hit('a', 0)], 'max')), [0]);
  });

  it('mixes the normalised keyword score into the convex score', () => {
    const fused = fuseChunks(hits, { kind: 'convex', alpha: 0.5, normalise: 'minmax' });
    assert.deepEqual(
      fused.map((f) => [f.hit.chunkId, f.score]),
      [
        ['a', 0.75],
        ['b', 0.25 + 1 / 6],
        ['c', 0.25],
        ['d', 0.25],
      ],
    );
  });
});

describe('page-level aggregation (itemBonus)', () => {
  // Item x: one chunk at cosine 0.8; item y: three chunks, the best at cosine 0.78.
  const hits = [hit('x1', 0, 0.2, 'x'), hit('y1', 0, 0.22, 'y'), hit('y2', 0, 0.5, 'y'), hit('y3', 0, 0.6, 'y')];

  it('ranks items by their best chunk alone without a bonus', () => {
    const fused = fuseItems(hits, { kind: 'convex', alpha: 1 });
    assert.deepEqual(
      fused.map((f) => [f.hit.knowledgeId, f.score]),
      [
        ['x', 0.8],
        ['y', 0.78],
      ],
    );
  });

  it('adds bonus x (1 - 1/n) for n candidate chunks of an item, at most 1', () => {
    const fused = fuseItems(hits, { kind: 'convex', alpha: 1, itemBonus: 0.1 });
    assert.deepEqual(
      fused.map((f) => f.hit.knowledgeId),
      ['y', 'x'],
    );
    assert.ok(Math.abs((fused[0]?.score as number) - (0.78 + 0.1 * (2 / 3))) < 1e-12);
    assert.equal(fused[1]?.score, 0.8, 'one candidate chunk: its own score');
    const top = fuseItems([hit('a', 5, 0), hit('b', 5, 0, 'a')], { kind: 'convex', alpha: 0.5, itemBonus: 0.5 });
    assert.equal(top[0]?.score, 1, 'at most 1');
  });

  it('leaves passages (chunks) unchanged: each is its own unit', () => {
    const plain = fuseChunks(hits, { kind: 'convex', alpha: 1 });
    const bonus = fuseChunks(hits, { kind: 'convex', alpha: 1, itemBonus: 0.1 });
    assert.deepEqual(bonus, plain);
  });
});

describe('queryShape', () => {
  const identifier = [
    'os.path.join',
    'json.dumps sort_keys',
    '__slots__',
    'KeyboardInterrupt',
    'RecursionError maximum recursion depth',
    'PYTHONPATH',
    'python -m venv --system-site-packages',
    "argparse add_argument nargs='+'",
    'tempfile.NamedTemporaryFile delete=False',
    'open() in binary mode',
    'what does getattr() return',
    '"object is not subscriptable"',
    "error 'NoneType' object has no attribute",
    'logging.basicConfig format datefmt',
  ];
  const prose = [
    'how do I read a file line by line',
    'how does attribute lookup call __get__ on class attributes',
    'react when the user presses Ctrl-C or the process receives SIGTERM',
    "with multiple inheritance, which parent's version of a method wins",
    'get every filename in a folder that ends in .txt using a wildcard',
    'HTTP server',
    'sorting',
    '',
  ];

  it('calls names, calls, camelCase, flags, keyword arguments, constants and quoted text identifiers', () => {
    for (const q of identifier) assert.equal(queryShape(q), 'identifier', q);
  });

  it('calls questions in words prose, even with one name among many words', () => {
    for (const q of prose) assert.equal(queryShape(q), 'prose', q);
  });

  // The rules as the regular expressions they replaced spelled them (those backtracked: a query of 10,000 ")" and
  // one letter took 0.7 s of the event loop). Short texts only, where backtracking costs nothing.
  const QUOTED = /(^|\s)(["`]).+\2|(^|\s)'[^']+'($|[\s.,:;!?])/;
  const BARE = /^[([{]+|[)\]},;:!?]+$/g;
  const ALPHABET = [
    '"',
    '`',
    "'",
    ' ',
    '\n',
    '\t',
    'a',
    'b',
    '(',
    ')',
    '[',
    '}',
    ',',
    '.',
    ':',
    '!',
    '?',
    '-',
    '\u2028',
  ];

  it('reads quotes and bare words exactly as the regular expressions did, on every short text', () => {
    const next = mulberry32(7);
    for (let n = 0; n < 20000; n += 1) {
      const text = Array.from({ length: next() % 12 }, () => ALPHABET[next() % ALPHABET.length]).join('');
      assert.equal(quotesText(text), QUOTED.test(text), JSON.stringify(text));
      assert.equal(bareWord(text), text.replace(BARE, ''), JSON.stringify(text));
    }
  });

  it('reads a 10,000-character query built to make a regular expression backtrack, in one pass', () => {
    const closing = `${')'.repeat(9999)}a`;
    assert.equal(bareWord(closing), closing);
    assert.equal(bareWord(`${'('.repeat(5000)}x${')'.repeat(4999)}`), 'x');
    assert.equal(quotesText(' "\n'.repeat(5000)), false);
    assert.equal(quotesText(` '${'x'.repeat(9999)}`), false);
    assert.equal(quotesText(` '${"x'".repeat(5000)}`), false);
    assert.equal(quotesText(`${' "\n'.repeat(5000)}x"`), false);
    assert.equal(quotesText(`${' "\n'.repeat(5000)} "x"`), true);
    assert.equal(queryShape(closing), 'prose');
    assert.equal(queryShape(`${'a '.repeat(4999)}"x"`), 'identifier');
  });
});

describe('hybrid settings that follow the query', () => {
  const shaped = {
    ...DEFAULT_RETRIEVAL,
    identifierHybrid: { keywordMatch: 'any', fusion: { kind: 'convex', alpha: 0.7 } },
  } as const;

  it('uses identifierHybrid for identifier-shaped queries and the general settings for prose', () => {
    assert.deepEqual(hybridFor(shaped, 'json.dumps sort_keys'), {
      shape: 'identifier',
      keywordMatch: 'any',
      fusion: { kind: 'convex', alpha: 0.7 },
    });
    assert.deepEqual(hybridFor(shaped, 'turn an object into text'), {
      shape: 'prose',
      keywordMatch: shaped.hybridKeywordMatch,
      fusion: shaped.fusion,
    });
    const plain = { ...DEFAULT_RETRIEVAL, identifierHybrid: undefined };
    assert.deepEqual(DEFAULT_RETRIEVAL.fusion, { kind: 'convex', alpha: 0.8, itemBonus: 0.15 }, 'the measured default');
    // The default reads identifier-shaped queries apart: the same match as prose, a smaller page bonus, and RAG
    // passages ranked by the lexemes each holds where some chunk holds them all.
    assert.deepEqual(hybridFor(DEFAULT_RETRIEVAL, 'json.dumps'), {
      shape: 'identifier',
      keywordMatch: 'all',
      fusion: { kind: 'convex', alpha: 0.8, itemBonus: 0.1 },
      rankHeld: { passages: 'matched' },
    });
    assert.equal(hybridFor(DEFAULT_RETRIEVAL, 'turn an object into text').fusion, DEFAULT_RETRIEVAL.fusion);
    assert.equal(hybridFor(plain, 'json.dumps').keywordMatch, plain.hybridKeywordMatch);
  });

  it("lets a request's hybridWeight set the weight for both shapes, keeping the identifier shape's match", () => {
    const weighted = withHybridWeight(shaped, 0.4);
    assert.deepEqual(hybridFor(weighted, 'json.dumps').fusion, { kind: 'convex', alpha: 0.4 });
    assert.equal(hybridFor(weighted, 'json.dumps').keywordMatch, 'any');
    assert.deepEqual(hybridFor(weighted, 'turn an object into text').fusion, { ...shaped.fusion, alpha: 0.4 });
    assert.equal(withHybridWeight(shaped, undefined), shaped);
  });
});
