// Text files must be Unicode: UTF-8 (with or without BOM), or UTF-16 announced by its BOM.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
}

/** The text, or null when the bytes are not valid Unicode text (bad sequences, or NUL characters: binary). */
export function decodeText(bytes: Uint8Array): DecodedText | null {
  let decoded: DecodedText;
  try {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      decoded = { text: utf8.decode(bytes.subarray(3)), encoding: 'utf-8' };
    } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      decoded = { text: utf16le.decode(bytes.subarray(2)), encoding: 'utf-16le' };
    } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
      decoded = { text: utf16be.decode(bytes.subarray(2)), encoding: 'utf-16be' };
    } else {
      decoded = { text: utf8.decode(bytes), encoding: 'utf-8' };
    }
  } catch {
    return null;
  }
  return decoded.text.includes('\u0000') ? null : decoded;
}

/**
 * Whether the first bytes of a longer file can be the start of Unicode text: valid so far (a sequence
 * cut at the end is allowed) and without NUL characters.
 */
export function isTextPrefix(bytes: Uint8Array): boolean {
  const [decoder, start] =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? ['utf-16le', 2]
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? ['utf-16be', 2]
        : ['utf-8', bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0];
  try {
    const text = new TextDecoder(decoder, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start), {
      stream: true,
    });
    return !text.includes('\u0000');
  } catch {
    return false;
  }
}

/** Unix line ends, so offsets and page text are the same whatever system wrote the file. */
export const normalizeNewlines = (text: string): string => text.replace(/\r\n?/g, '\n');
