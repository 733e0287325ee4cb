// A model-independent token count of a text: its pre-tokens as BERT-style tokenizers split them before any
// sub-word step (runs of letters, marks and digits; each punctuation mark, symbol and CJK ideograph alone).
// The embedding model's own count can be higher (a rare word becomes several sub-words), never lower for
// WordPiece models. One pass over the code points, no regular expression over the whole text.

const WORD = /[\p{L}\p{M}\p{N}]/u;
const SPACE = /[\s\p{C}]/u;
const CJK = /\p{Script=Han}/u;

export function countTokens(text: string): number {
  let count = 0;
  let inWord = false;
  for (const ch of text) {
    if (SPACE.test(ch)) {
      inWord = false;
    } else if (WORD.test(ch) && !CJK.test(ch)) {
      if (!inWord) count += 1;
      inWord = true;
    } else {
      count += 1;
      inWord = false;
    }
  }
  return count;
}
