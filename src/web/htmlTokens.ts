// A linear scan of HTML's tags, for what must be known before a page is given to a parser: how deep its
// elements nest. htmlparser2 (under linkedom) keeps its open elements in an array it shifts at the front, so
// parsing costs time proportional to the nesting depth for every tag: 100,000 nested `<div>` (500 KB) held the
// thread for 7 seconds, a few megabytes for minutes. This scan tokenizes as htmlparser2's tokenizer does
// (comments, CDATA, declarations, quoted attribute values, the raw text of <script>, <style>, <title>,
// <textarea> and <xmp>) and keeps the open elements as its parser does (void elements, end tags that an open
// tag implies, `/>` only inside <svg> and <math>), with pushes and pops at the end of an array and a count per
// name, so it runs in one pass: every character is looked at a bounded number of times, with indexOf and plain
// loops (no regular expression). A page too deep for the parser is read with the same tokenizer instead.

const isWhitespace = (c: number) => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
const isAsciiAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** htmlparser2's end of a tag name: whitespace, `/` or `>`. */
const endsTagName = (c: number) => c === 47 || c === 62 || isWhitespace(c);

/** Elements whose content is raw text up to their end tag (htmlparser2's special tags). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** What a scan reports, in document order. Names are lower case; offsets index the scanned string. */
export interface TagHandler {
  /** Text between tags (entities undecoded); `rawIn` names the raw-text element it is the content of. */
  text?(start: number, end: number, rawIn?: string): void;
  /** An open tag's name, as soon as it ends (htmlparser2's parser opens the element there); `start`: its `<`. */
  open(name: string, start: number): void;
  /**
   * The end of an open tag: `/>` or `>`, with its attributes when `wantsAttributes` asked for them; `end`: the
   * offset after its `>`.
   */
  openEnd?(name: string, selfClosing: boolean, attributes: Map<string, string> | undefined, end: number): void;
  /** An end tag, from its `<` to after its `>` (the end of the page when it has none). */
  close(name: string, start: number, end: number): void;
  /** Whether openEnd needs this element's attributes (raw values, first of each name). */
  wantsAttributes?(name: string): boolean;
}

/**
 * The character after the `>` that ends the tag whose attributes start at `at` (-1 when the page ends first),
 * reading them as it goes.
 */
function readAttributes(
  html: string,
  at: number,
  attributes: Map<string, string> | undefined,
): { end: number; selfClosing: boolean } {
  const n = html.length;
  let i = at;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 62) return { end: i + 1, selfClosing: false };
    if (c === 47) {
      // `/` then whitespace then `>` closes the tag; anything else starts an attribute name.
      let j = i + 1;
      while (j < n && isWhitespace(html.charCodeAt(j))) j++;
      if (j < n && html.charCodeAt(j) === 62) return { end: j + 1, selfClosing: true };
      i = j;
      continue;
    }
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    // An attribute name: up to `=`, whitespace, `/` or `>` (a quote here is part of the name).
    const nameStart = i;
    i++;
    while (i < n) {
      const d = html.charCodeAt(i);
      if (d === 61 || endsTagName(d)) break;
      i++;
    }
    const name = html.slice(nameStart, i);
    let j = i;
    while (j < n && isWhitespace(html.charCodeAt(j))) j++;
    if (j >= n || html.charCodeAt(j) !== 61) {
      if (attributes && !attributes.has(name.toLowerCase())) attributes.set(name.toLowerCase(), '');
      i = j;
      continue;
    }
    j++;
    while (j < n && isWhitespace(html.charCodeAt(j))) j++;
    if (j >= n) return { end: -1, selfClosing: false };
    const q = html.charCodeAt(j);
    let value: string;
    if (q === 34 || q === 39) {
      const close = html.indexOf(q === 34 ? '"' : "'", j + 1);
      if (close < 0) return { end: -1, selfClosing: false };
      value = html.slice(j + 1, close);
      i = close + 1;
    } else {
      // Unquoted: up to whitespace or `>` (a `/` belongs to the value; `a=>` has an empty one).
      let k = j;
      while (k < n) {
        const d = html.charCodeAt(k);
        if (d === 62 || isWhitespace(d)) break;
        k++;
      }
      value = html.slice(j, k);
      i = k;
    }
    if (attributes && !attributes.has(name.toLowerCase())) attributes.set(name.toLowerCase(), value);
  }
  return { end: -1, selfClosing: false };
}

/** The offset of the `</name` (followed by whitespace or `>`) that ends raw text from `from`, or -1. */
function rawTextEnd(html: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    const lt = html.indexOf('</', at);
    if (lt < 0) return -1;
    let k = 0;
    while (k < name.length && (html.charCodeAt(lt + 2 + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === name.length) {
      const after = html.charCodeAt(lt + 2 + k);
      if (after === 62 || isWhitespace(after)) return lt;
    }
    at = lt + 2;
  }
}

/** The character after the `>` at or after `from` (the end of the string when there is none). */
const pastGreaterThan = (html: string, from: number) => {
  const gt = html.indexOf('>', from);
  return gt < 0 ? html.length : gt + 1;
};

/** Reads `html`'s tags and text in one pass, telling `handler` as htmlparser2's tokenizer would. */
export function scanTags(html: string, handler: TagHandler): void {
  const n = html.length;
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (end > textStart) handler.text?.(textStart, end);
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    const c = html.charCodeAt(lt + 1);
    if (c === 33) {
      // `<!`: a comment (`<!--` to the first `-->`, `<!-->` included), CDATA to `]]>`, or a declaration.
      flushText(lt);
      if (html.startsWith('--', lt + 2)) {
        const end = html.indexOf('-->', lt + 2);
        i = end < 0 ? n : end + 3;
      } else if (html.startsWith('[CDATA[', lt + 2)) {
        const end = html.indexOf(']]>', lt + 9);
        i = end < 0 ? n : end + 3;
      } else {
        // The character after `<!` (or after `<!-`) is never the declaration's end.
        i = pastGreaterThan(html, html.charCodeAt(lt + 2) === 45 ? lt + 4 : lt + 3);
      }
      textStart = i;
    } else if (c === 63) {
      flushText(lt);
      i = pastGreaterThan(html, lt + 2);
      textStart = i;
    } else if (c === 47) {
      flushText(lt);
      let j = lt + 2;
      while (j < n && isWhitespace(html.charCodeAt(j))) j++;
      if (j < n && isAsciiAlpha(html.charCodeAt(j))) {
        let k = j + 1;
        while (k < n && html.charCodeAt(k) !== 62 && !isWhitespace(html.charCodeAt(k))) k++;
        if (k >= n) {
          i = n; // an end tag cut by the end of the page is not one
        } else {
          i = pastGreaterThan(html, k);
          handler.close(html.slice(j, k).toLowerCase(), lt, i);
        }
      } else {
        // `</>` is nothing; `</` and anything else is a comment up to `>`.
        i = j < n && html.charCodeAt(j) === 62 ? j + 1 : pastGreaterThan(html, j + 1);
      }
      textStart = i;
    } else if (isAsciiAlpha(c)) {
      flushText(lt);
      let k = lt + 2;
      while (k < n && !endsTagName(html.charCodeAt(k))) k++;
      if (k >= n) {
        i = n; // a tag name cut by the end of the page opens nothing
        textStart = n;
        break;
      }
      const name = html.slice(lt + 1, k).toLowerCase();
      handler.open(name, lt);
      const attributes = handler.wantsAttributes?.(name) ? new Map<string, string>() : undefined;
      const { end, selfClosing } = readAttributes(html, k, attributes);
      if (end < 0) {
        i = n; // the tag runs to the end of the page: it was opened, never ended
        textStart = n;
        break;
      }
      handler.openEnd?.(name, selfClosing, attributes, end);
      i = end;
      textStart = i;
      if (!selfClosing && RAW_TEXT.has(name)) {
        const close = rawTextEnd(html, name, i);
        const textEnd = close < 0 ? n : close;
        if (textEnd > i) handler.text?.(i, textEnd, name);
        if (close < 0) {
          i = n;
        } else {
          i = pastGreaterThan(html, close + 2 + name.length);
          handler.close(name, close, i);
        }
        textStart = i;
      }
    } else {
      i = lt + 1; // a `<` that starts no tag is text
    }
  }
  if (n > textStart) handler.text?.(textStart, n);
}

// htmlparser2's parser (Parser.ts), in HTML mode: which open elements an open tag closes, which elements never
// hold children, where `/>` closes an element (inside <svg> and <math>, but not in their HTML islands).
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const IMPLIED_CLOSE = new Map<string, Set<string>>(
  (
    [
      ['tr', ['tr', 'th', 'td']],
      ['th', ['th']],
      ['td', ['thead', 'th', 'td']],
      ['body', ['head', 'link', 'script']],
      ['li', ['li']],
      ['option', ['option']],
      ['optgroup', ['optgroup', 'option']],
      ['dd', ['dd', 'dt']],
      ['dt', ['dd', 'dt']],
      ['rt', ['rt', 'rp']],
      ['rp', ['rt', 'rp']],
      ['tbody', ['thead', 'tbody']],
      ['tfoot', ['thead', 'tbody']],
      ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM] as const),
      ...[
        'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div',
        'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre',
        'section', 'table', 'ul',
      ].map((t) => [t, P] as const), // prettier-ignore
    ] as Array<readonly [string, readonly string[]]>
  ).map(([name, closes]) => [name, new Set(closes)]),
);
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]); // prettier-ignore
const FOREIGN = new Set(['math', 'svg']);
const HTML_ISLANDS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** The open elements as htmlparser2's parser keeps them, at constant cost per push and pop. */
class OpenElements implements TagHandler {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();
  /** Whether `/>` closes an element here (the innermost <svg>/<math> or HTML island decides). */
  private readonly foreign: boolean[] = [false];
  deepest = 0;

  constructor(private readonly limit: number) {}

  get tooDeep() {
    return this.deepest > this.limit;
  }

  private pop() {
    const name = this.names.pop()!;
    this.counts.set(name, this.counts.get(name)! - 1);
    return name;
  }

  open(name: string) {
    const closes = IMPLIED_CLOSE.get(name);
    if (closes) while (this.names.length > 0 && closes.has(this.names.at(-1)!)) this.pop();
    if (VOID_ELEMENTS.has(name)) return;
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    if (this.names.length > this.deepest) this.deepest = this.names.length;
    if (FOREIGN.has(name)) this.foreign.push(true);
    else if (HTML_ISLANDS.has(name)) this.foreign.push(false);
  }

  openEnd(name: string, selfClosing: boolean) {
    if (selfClosing && this.foreign.at(-1) === true && this.names.at(-1) === name) this.pop();
  }

  close(name: string) {
    if (FOREIGN.has(name) || HTML_ISLANDS.has(name)) this.foreign.pop();
    if (VOID_ELEMENTS.has(name)) return;
    if (this.counts.get(name)) {
      while (this.pop() !== name);
    } else if (name === 'p') {
      // A `</p>` with no <p> open is an empty <p> (opened, then closed at once).
      this.open('p');
      this.pop();
    }
  }
}

/**
 * One pass of scanTags that keeps the open elements (OpenElements) and reports every tag to `also` too, stopping
 * once they nest deeper than `limit`. Returns the open elements (their `deepest` and `tooDeep`).
 */
function scanWithinDepth(html: string, limit: number, also?: TagHandler): OpenElements {
  const open = new OpenElements(limit);
  const stop = new Error('too deep');
  const text = also?.text?.bind(also);
  try {
    scanTags(html, {
      ...(text ? { text } : {}),
      open: (name, start) => {
        open.open(name);
        if (open.tooDeep) throw stop;
        also?.open(name, start);
      },
      openEnd: (name, selfClosing, attributes, end) => {
        open.openEnd(name, selfClosing);
        also?.openEnd?.(name, selfClosing, attributes, end);
      },
      close: (name, start, end) => {
        open.close(name);
        also?.close(name, start, end);
      },
    });
  } catch (err) {
    if (err !== stop) throw err;
  }
  return open;
}

/**
 * How deep `html`'s elements nest as htmlparser2 (and so linkedom) builds them, and whether that is deeper than
 * `limit`. The scan stops once it is: the answer is then "more than limit", not the page's full depth.
 */
export function nestingDepth(html: string, limit: number): { depth: number; tooDeep: boolean } {
  const open = scanWithinDepth(html, limit);
  return { depth: open.deepest, tooDeep: open.tooDeep };
}

const NAMED = new Map(Object.entries({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad', copy: '©', reg: '®',
  trade: '™', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”',
  bdquo: '„', laquo: '«', raquo: '»', bull: '•', middot: '·', deg: '°', times: '×', divide: '÷', euro: '€',
  pound: '£', yen: '¥', cent: '¢', sect: '§', para: '¶', plusmn: '±', larr: '←', rarr: '→', uarr: '↑',
  darr: '↓', zwj: '\u200d', zwnj: '\u200c', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
})); // prettier-ignore

/** The longest reference decoded, `&` and `;` excluded (`&#x10FFFF;` and the names above fit). */
const MAX_REFERENCE = 8;

/**
 * `text` with its character references decoded (`&#233;`, `&#xE9;`) and the common named ones (`&amp;`,
 * `&nbsp;`, `&mdash;`, ...); any other is left as written. For the pages read without a parser. Linear: each
 * `&` looks at most MAX_REFERENCE characters ahead for its `;`.
 */
export function decodeEntities(text: string): string {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  const out: string[] = [];
  let from = 0;
  for (; amp >= 0; amp = text.indexOf('&', amp + 1)) {
    let semi = amp + 1;
    while (semi < text.length && semi - amp <= MAX_REFERENCE + 1 && text.charCodeAt(semi) !== 59) semi++;
    if (text.charCodeAt(semi) !== 59) continue;
    const decoded = referenceText(text.slice(amp + 1, semi));
    if (decoded === undefined) continue;
    out.push(text.slice(from, amp), decoded);
    from = semi + 1;
    amp = semi;
  }
  out.push(text.slice(from));
  return out.join('');
}

/** What a reference (`#233`, `#xE9`, `amp`: between `&` and `;`) stands for, if it is one decoded here. */
function referenceText(ref: string): string | undefined {
  if (!ref.startsWith('#')) return NAMED.get(ref);
  const hex = ref[1] === 'x' || ref[1] === 'X';
  const digits = ref.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : undefined;
}

/** Elements a page may open before its body's content (HTML's "in head" insertion mode). */
const HEAD_CONTENT = new Set([
  'title',
  'meta',
  'link',
  'base',
  'basefont',
  'bgsound',
  'style',
  'script',
  'noscript',
  'template',
]);
const STRUCTURE = new Set(['html', 'head', 'body']);
/** Head content that holds other elements. */
const HEAD_CONTAINERS = new Set(['noscript', 'template']);

/**
 * Records, during a scan, what the page needs to be given the structure a browser gives it: `<html>` (its
 * attributes kept), `<head>` holding what comes before the body's first content, `<body>` the rest. A browser infers
 * omitted `<html>`, `<head>` and `<body>` tags (they are optional) and ignores misplaced ones; linkedom does neither,
 * so a page without `<body>`, or with its `<title>` outside `<head>`, came out with an empty body. The body starts at
 * the `<body>` tag or at the first text or element that cannot be in a head, whichever comes first.
 */
class ImpliedStructure implements TagHandler {
  private readonly cuts: Array<[number, number]> = [];
  private htmlAttributes = '';
  private sawHtml = false;
  private bodyStart = -1;
  private tagStart = 0;
  /** Inside a head's <noscript> or <template> (a tracking pixel's <img>, say), content does not start the body. */
  private inHeadContainer = 0;

  constructor(private readonly html: string) {
    // A leading doctype (the scan reports no declarations).
    let lead = 0;
    while (lead < html.length && (isWhitespace(html.charCodeAt(lead)) || html.charCodeAt(lead) === 0xfeff)) lead++;
    if (html.slice(lead, lead + 9).toLowerCase() === '<!doctype') this.cuts.push([lead, pastGreaterThan(html, lead)]);
  }

  text(start: number, end: number, rawIn?: string) {
    if (this.bodyStart >= 0 || rawIn !== undefined || this.inHeadContainer > 0) return;
    for (let i = start; i < end; i++) {
      if (!isWhitespace(this.html.charCodeAt(i))) {
        this.bodyStart = i;
        return;
      }
    }
  }

  open(name: string, start: number) {
    this.tagStart = start;
    if (this.bodyStart >= 0) return;
    if (HEAD_CONTAINERS.has(name)) this.inHeadContainer++;
    else if (this.inHeadContainer === 0 && !STRUCTURE.has(name) && !HEAD_CONTENT.has(name)) this.bodyStart = start;
  }

  openEnd(name: string, _selfClosing: boolean, _attributes: Map<string, string> | undefined, end: number) {
    if (!STRUCTURE.has(name)) return;
    this.cuts.push([this.tagStart, end]);
    if (name === 'html' && !this.sawHtml) {
      this.sawHtml = true;
      // Between the name and the `>` (or `/>`): the attributes as written.
      const close = this.html.charCodeAt(end - 2) === 47 ? end - 2 : end - 1;
      this.htmlAttributes = this.html.slice(this.tagStart + 5, close);
    }
    if (name === 'body' && this.bodyStart < 0) this.bodyStart = end;
  }

  close(name: string, start: number, end: number) {
    if (STRUCTURE.has(name)) this.cuts.push([start, end]);
    if (this.bodyStart < 0 && HEAD_CONTAINERS.has(name) && this.inHeadContainer > 0) this.inHeadContainer--;
  }

  /** The page rebuilt: its own tags and text as they are, only its `<html>`, `<head>` and `<body>` tags (and a leading doctype) replaced. */
  page(): string {
    const { html } = this;
    const bodyStart = this.bodyStart < 0 ? html.length : this.bodyStart;
    // The page's pieces between the cuts (in order, since the scan reports tags in order), split at bodyStart.
    const head: string[] = [];
    const body: string[] = [];
    const keep = (from: number, to: number) => {
      if (from < bodyStart) head.push(html.slice(from, Math.min(to, bodyStart)));
      if (to > bodyStart) body.push(html.slice(Math.max(from, bodyStart), to));
    };
    let at = 0;
    for (const [start, end] of this.cuts.sort((a, b) => a[0] - b[0])) {
      if (start > at) keep(at, start);
      at = Math.max(at, end);
    }
    if (at < html.length) keep(at, html.length);
    const attributes = this.htmlAttributes.trim() ? ` ${this.htmlAttributes.trim()}` : '';
    return `<!doctype html><html${attributes}><head>${head.join('')}</head><body>${body.join('')}</body></html>`;
  }
}

/** The page with the structure a browser gives it (ImpliedStructure), in one pass of scanTags. */
export function withImpliedStructure(html: string): string {
  const structure = new ImpliedStructure(html);
  scanTags(html, structure);
  return structure.page();
}

/**
 * What a parser is handed, from one pass of scanTags: the page with its implied structure (withImpliedStructure),
 * or, when its elements nest deeper than `limit` (nestingDepth), `tooDeep` and no page (the scan stops there).
 */
export function pageForParsing(html: string, limit: number): { tooDeep: true } | { tooDeep: false; page: string } {
  const structure = new ImpliedStructure(html);
  return scanWithinDepth(html, limit, structure).tooDeep
    ? { tooDeep: true }
    : { tooDeep: false, page: structure.page() };
}
