// JSON as one line per leaf value, "path: value" (e.g. `order.items[0].sku: A-17`), so keys and values
// are both searchable and a chunk still says where its values sit. Iterative: deep nesting cannot
// overflow the stack.
import { decodeText } from './textDecoding';
import { ExtractionError, type ExtractedDocument } from './types';

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

export function extractJson(bytes: Buffer): ExtractedDocument {
  const decoded = decodeText(bytes);
  if (!decoded) throw new ExtractionError('JSON is not UTF-8 text', 'TYPE_MISMATCH');
  let value: unknown;
  try {
    value = JSON.parse(decoded.text);
  } catch (error) {
    throw new ExtractionError(`invalid JSON: ${(error as Error).message}`, 'TYPE_MISMATCH');
  }
  const lines = flattenJson(value);
  return { pages: [{ pageNumber: 1, text: lines.join('\n') }], metadata: { pageCount: 1, values: lines.length } };
}

export function flattenJson(root: unknown): string[] {
  const lines: string[] = [];
  const stack: [string, unknown][] = [['', root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop()!;
    if (Array.isArray(value)) {
      if (value.length === 0 && path) lines.push(line(path, '[]'));
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.length === 0 && path) lines.push(line(path, '{}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const step = IDENTIFIER.test(key) ? (path ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
        stack.push([path + step, child]);
      }
    } else {
      lines.push(line(path, typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : String(value)));
    }
  }
  return lines;
}

const line = (path: string, value: string) => (path ? `${path}: ${value}` : value);
