// The WordPiece tokenizer's special tokens, and MODEL_INFO.json's description of them: BERT's [CLS] [SEP] [PAD]
// [UNK] by default (all-MiniLM-L6-v2, bge, e5), the model's own where MODEL_INFO.json names them (all-mpnet-base-v2:
// <s> </s> <pad> [UNK], whose vocabulary also holds an unused <unk> and [PAD]). A small vocabulary written here;
// the real vocabularies against Hugging Face tokenizers are in test/embeddings/reference.test.ts.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readModelInfo } from '../../../src/embeddings';
import { BERT_SPECIAL_TOKENS, WordPieceTokenizer } from '../../../src/embeddings/wordpiece';

// As all-mpnet-base-v2's vocab.txt begins: its own specials first, BERT's after them.
const VOCAB = ['<s>', '<pad>', '</s>', '<unk>', '[PAD]', '[CLS]', '[SEP]', '[UNK]', 'hello', 'world', '##s', '.'];
const MPNET = { cls: '<s>', sep: '</s>', pad: '<pad>', unk: '[UNK]' };
const id = (token: string) => VOCAB.indexOf(token);

describe('WordPiece special tokens', () => {
  it("uses BERT's [CLS] [SEP] [PAD] [UNK] by default", () => {
    const tokenizer = WordPieceTokenizer.fromVocab(VOCAB, { doLowerCase: true, maxTokens: 16 });
    assert.deepEqual(tokenizer.encode('Hello worlds. Zebra'), [
      id('[CLS]'),
      id('hello'),
      id('world'),
      id('##s'),
      id('.'),
      id('[UNK]'),
      id('[SEP]'),
    ]);
    assert.equal(tokenizer.padId, id('[PAD]'));
  });

  it("uses the model's own specials when given: <s> … </s>, <pad> for padding, and the named unknown token", () => {
    const tokenizer = WordPieceTokenizer.fromVocab(VOCAB, { doLowerCase: true, maxTokens: 16, specialTokens: MPNET });
    assert.deepEqual(tokenizer.encode('Hello worlds. Zebra'), [
      id('<s>'),
      id('hello'),
      id('world'),
      id('##s'),
      id('.'),
      id('[UNK]'), // MPNet's WordPiece names [UNK] (id 104), not the <unk> at id 3
      id('</s>'),
    ]);
    assert.equal(tokenizer.clsId, id('<s>'));
    assert.equal(tokenizer.sepId, id('</s>'));
    assert.equal(tokenizer.padId, id('<pad>'));
    // Truncation keeps the closing special: <s>, maxTokens - 2 pieces, </s>.
    const long = tokenizer.encode('hello '.repeat(50));
    assert.equal(long.length, 16);
    assert.deepEqual([long[0], long.at(-1)], [id('<s>'), id('</s>')]);
  });

  it('refuses a vocabulary without a special token it is told to use, naming the token', () => {
    assert.throws(
      () =>
        WordPieceTokenizer.fromVocab(['[CLS]', '[SEP]', '[PAD]', '[UNK]'], {
          doLowerCase: true,
          maxTokens: 16,
          specialTokens: MPNET,
        }),
      /vocab.txt has no <s> token/,
    );
  });
});

describe('MODEL_INFO.json specialTokens', () => {
  let dir: string;
  const info = {
    name: 'test/model',
    version: 'v1',
    dimension: 768,
    source: 'here',
    pooling: 'mean',
    maxTokens: 384,
    doLowerCase: true,
  };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kws-model-info-'));
    await writeFile(path.join(dir, 'model.onnx'), '');
    await writeFile(path.join(dir, 'vocab.txt'), VOCAB.join('\n'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("defaults to BERT's when absent (the models fetched before it existed)", async () => {
    await writeFile(path.join(dir, 'MODEL_INFO.json'), JSON.stringify(info));
    assert.deepEqual((await readModelInfo(dir)).specialTokens, BERT_SPECIAL_TOKENS);
  });

  it('reads the named tokens, and refuses an incomplete set', async () => {
    await writeFile(path.join(dir, 'MODEL_INFO.json'), JSON.stringify({ ...info, specialTokens: MPNET }));
    assert.deepEqual((await readModelInfo(dir)).specialTokens, MPNET);
    await writeFile(
      path.join(dir, 'MODEL_INFO.json'),
      JSON.stringify({ ...info, specialTokens: { cls: '<s>', sep: '</s>' } }),
    );
    await assert.rejects(readModelInfo(dir), /specialTokens\.pad/);
  });
});
