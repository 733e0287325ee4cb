// JSON as one line per leaf value, "path: value" (e.g. `order.items[0].sku: A-17`), so keys and values
// are both searchable and a chunk still says where its values sit. Iterative: deep nesting cannot
// overflow the stack.
import { OutsideInProcessBounds } from './context';
import { decodeText } from './textDecoding';
import { ExtractionError, type ExtractedDocument } from './types';

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `maxOutputChars`: the most text the lines may make, else OutsideInProcessBounds (see ExtractContext). */
export function extractJson(bytes: Buffer, maxOutputChars = Infinity): ExtractedDocument {
  const decoded = decodeText(bytes);
  if (!decoded) throw new ExtractionError('JSON is not UTF-8 text', 'TYPE_MISMATCH');
  let value: unknown;
  try {
    value = JSON.parse(decoded.text);
  } catch (error) {
    throw new ExtractionError(`invalid JSON: ${(error as Error).message}`, 'TYPE_MISMATCH');
  }
  const lines = flattenJson(value, maxOutputChars);
  return { pages: [{ pageNumber: 1, text: lines.join('\n') }], metadata: { pageCount: 1, values: lines.length } };
}

export function flattenJson(root: unknown, maxOutputChars = Infinity): string[] {
  const lines: string[] = [];
  // The joined text's length so far (a line and its newline): a path repeated by many leaves can make
  // the text far longer than the file.
  let outputChars = -1;
  const push = (text: string) => {
    outputChars += text.length + 1;
    if (outputChars > maxOutputChars) {
      throw new OutsideInProcessBounds(`flattened JSON exceeds ${maxOutputChars} characters`);
    }
    lines.push(text);
  };
  const stack: [string, unknown][] = [['', root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (Array.isArray(value)) {
      if (value.length === 0 && path) push(line(path, '[]'));
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length === 0 && path) push(line(path, '{}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const step = IDENTIFIER.test(key) ? (path ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
        stack.push([path + step, child]);
      }
    } else {
      push(line(path, typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : String(value)));
    }
  }
  return lines;
}

const line = (path: string, value: string) => (path ? `${path}: ${value}` : value);
