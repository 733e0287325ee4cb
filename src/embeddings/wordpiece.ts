// BERT's WordPiece tokenizer over a model's vocab.txt, doing what Hugging Face's BertTokenizer and
// tokenizers' BertNormalizer + BertPreTokenizer + WordPiece do (clean control characters, split CJK
// ideographs and punctuation, lowercase and strip accents for uncased models, greedy longest-match
// sub-words). About a hundred lines, so the local provider needs no tokenizer package.
import { readFile } from 'node:fs/promises';

export interface WordPieceOptions {
  /** Lowercase and strip accents (uncased models). */
  doLowerCase: boolean;
  /** Longest sequence fed to the model, [CLS] and [SEP] included; longer texts are truncated. */
  maxTokens: number;
  /** The vocabulary's special tokens (default BERT's [CLS] [SEP] [PAD] [UNK]; MPNet's are <s> </s> <pad> [UNK]). */
  specialTokens?: { cls: string; sep: string; pad: string; unk: string };
}

/** BERT's special tokens, the default (all-MiniLM-L6-v2, bge, e5). */
export const BERT_SPECIAL_TOKENS = { cls: '[CLS]', sep: '[SEP]', pad: '[PAD]', unk: '[UNK]' };

const MAX_CHARS_PER_WORD = 100;

// Unicode White_Space (as Rust's char::is_whitespace in tokenizers); its control characters are removed first.
function isWhitespace(ch: string): boolean {
  return /\s/u.test(ch);
}

function isControl(ch: string): boolean {
  return ch !== '\t' && ch !== '\n' && ch !== '\r' && /\p{C}/u.test(ch);
}

function isPunctuation(ch: string): boolean {
  const cp = ch.codePointAt(0) as number;
  // BERT counts every non-alphanumeric ASCII character as punctuation ($, ^, `, ...), then Unicode's P*.
  if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) {
    return true;
  }
  return /\p{P}/u.test(ch);
}

function isCjkIdeograph(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

export class WordPieceTokenizer {
  readonly clsId: number;
  readonly sepId: number;
  readonly padId: number;
  private readonly unkId: number;

  private constructor(
    private readonly vocab: ReadonlyMap<string, number>,
    private readonly options: WordPieceOptions,
  ) {
    const special = (token: string): number => {
      const id = vocab.get(token);
      if (id === undefined) throw new Error(`vocab.txt has no ${token} token`);
      return id;
    };
    const tokens = options.specialTokens ?? BERT_SPECIAL_TOKENS;
    this.clsId = special(tokens.cls);
    this.sepId = special(tokens.sep);
    this.padId = special(tokens.pad);
    this.unkId = special(tokens.unk);
  }

  static fromVocab(lines: string[], options: WordPieceOptions): WordPieceTokenizer {
    const vocab = new Map<string, number>();
    lines.forEach((token, id) => {
      if (token !== '' && !vocab.has(token)) vocab.set(token, id);
    });
    return new WordPieceTokenizer(vocab, options);
  }

  static async fromVocabFile(path: string, options: WordPieceOptions): Promise<WordPieceTokenizer> {
    const text = await readFile(path, 'utf8');
    return WordPieceTokenizer.fromVocab(text.split(/\r?\n/), options);
  }

  /** Token ids for the model: [CLS] word pieces [SEP] (or the model's own specials), truncated to maxTokens. */
  encode(text: string): number[] {
    const ids = [this.clsId];
    const limit = this.options.maxTokens - 1;
    for (const word of this.basicTokenize(text)) {
      for (const id of this.wordPiece(word)) {
        if (ids.length >= limit) break;
        ids.push(id);
      }
      if (ids.length >= limit) break;
    }
    ids.push(this.sepId);
    return ids;
  }

  /** Whitespace and punctuation split after cleaning (and, for uncased models, lowercasing and accent stripping). */
  basicTokenize(text: string): string[] {
    let cleaned = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      if (cp === 0 || cp === 0xfffd || isControl(ch)) continue;
      if (isWhitespace(ch)) cleaned += ' ';
      else if (isCjkIdeograph(cp)) cleaned += ` ${ch} `;
      else cleaned += ch;
    }
    if (this.options.doLowerCase) {
      // Per character, as tokenizers does (so a word-final Σ becomes σ, not ς).
      cleaned = Array.from(cleaned, (ch) => ch.toLowerCase())
        .join('')
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '');
    }
    const words: string[] = [];
    for (const chunk of cleaned.split(' ')) {
      let current = '';
      for (const ch of chunk) {
        if (isPunctuation(ch)) {
          if (current) words.push(current);
          words.push(ch);
          current = '';
        } else {
          current += ch;
        }
      }
      if (current) words.push(current);
    }
    return words;
  }

  private wordPiece(word: string): number[] {
    const chars = Array.from(word);
    if (chars.length > MAX_CHARS_PER_WORD) return [this.unkId];
    const ids: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const piece = (start > 0 ? '##' : '') + chars.slice(start, end).join('');
        found = this.vocab.get(piece);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) return [this.unkId]; // as BERT does: one unknown sub-word makes the whole word [UNK]
      ids.push(found);
      start = end;
    }
    return ids;
  }
}
