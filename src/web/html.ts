// An HTML page's main text, as a reader would see it: Mozilla's Readability (the Firefox Reader View
// algorithm) picks the article out of navigation, sidebars and footers, on a linkedom DOM; the article is
// then rendered to plain text with its block structure (paragraphs, headings, list items) kept as line
// breaks, which the chunker splits on. Links, <link rel="canonical">, <base href> and the robots meta tag
// are read from the page before Readability rewrites it. A page nested deeper than MAX_PARSED_DEPTH is never
// given to the parser (its cost per tag grows with the depth): it is read by a linear scan of its tags instead
// (htmlTokens.ts), as plain text with its title, headings, links and meta tags.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { LANGUAGE_TAG } from '../domain/language';
import { HEADING_CLOSE_MARK, headingOpenMark, takeHeadings, withoutMarks, type PageHeading } from '../extract/headings';
import { decodeEntities, pageForParsing, scanTags } from './htmlTokens';

export interface HtmlPage {
  title: string;
  /** The main text; '' when the page has none. */
  text: string;
  /** The main text's section headings (h1 to h6) where they start in `text`, in order. */
  headings: PageHeading[];
  /** A short summary (Readability's excerpt or the meta description). */
  excerpt?: string;
  /** The page's declared language (<html lang>), when it is a language code. */
  language?: string;
  /** Absolute http(s) URLs of the page's links, in document order, without duplicates. */
  links: string[];
  /** The page's declared canonical URL (absolute), if any. */
  canonical?: string;
  /** From <meta name="robots">: do not index this page / do not follow its links. */
  noindex: boolean;
  nofollow: boolean;
}

/** Decodes HTML bytes: the header's charset, else a <meta> declaration in the first 1 KiB, else UTF-8. */
export function decodeHtml(body: Buffer, headerCharset?: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  const head = body.subarray(0, 1024).toString('latin1');
  const declared =
    headerCharset ??
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'SUMMARY', 'TABLE', 'TR', 'UL',
]); // prettier-ignore
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'OBJECT']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
}
interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
}
/** The part of linkedom's document used here (the project compiles without the DOM library's types). */
interface DomDocument {
  body: DomNode | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
}
const parseDocument = (html: string) => (parseHTML(html) as unknown as { document: DomDocument }).document;

const HEADINGS: Record<string, number> = { H1: 1, H2: 2, H3: 3, H4: 4, H5: 5, H6: 6 };
const PERMALINK = new Set(['¶', '#', '§', '🔗']);

/** An anchor whose only child is a short text that is a permalink symbol. */
const isPermalink = (node: DomNode) =>
  node.firstChild !== null &&
  node.firstChild.nextSibling === null &&
  node.firstChild.nodeType === 3 &&
  (node.firstChild.textContent ?? '').length <= 8 &&
  PERMALINK.has((node.firstChild.textContent ?? '').trim());

/**
 * The deepest nesting Readability is given: its scoring walks each node's ancestors, so a page of thousands of
 * nested elements (a few kilobytes of `<div>` or unclosed `<h2>` tags) holds the thread for minutes. A deeper
 * page is read as plain text of its whole body.
 */
export const MAX_READABILITY_DEPTH = 256;

/**
 * Plain text of a DOM subtree: blocks become paragraphs, <br> and table cells line breaks and tabs; with
 * where each heading (h1-h6) starts in it, and how deep its elements nest. Iterative (an explicit stack), so
 * no nesting depth overflows the call stack.
 */
function renderText(root: DomNode): { text: string; headings: PageHeading[]; depth: number } {
  const out: string[] = [];
  let headingDepth = 0;
  let deepest = 0;
  /** Nodes to visit (with their depth), and what to write once an element's children are done. */
  const stack: Array<{ node: DomNode; depth: number } | (() => void)> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next === 'function') {
      next();
      continue;
    }
    const { node, depth } = next;
    if (depth > deepest) deepest = depth;
    if (node.nodeType === 3) {
      out.push(withoutMarks(node.textContent ?? '').replace(/\s+/g, ' '));
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name)) continue;
    if (name === 'BR') {
      out.push('\n');
      continue;
    }
    if (name === 'PRE') {
      out.push('\n\n', withoutMarks(node.textContent ?? ''), '\n\n');
      continue;
    }
    // A heading's permalink (Sphinx's and MkDocs' `¶`, a `#` or `§`: one short text child) is not part of its text.
    if (name === 'A' && headingDepth > 0 && isPermalink(node)) continue;
    const block = BLOCKS.has(name);
    if (block) out.push('\n\n');
    if (name === 'TD' || name === 'TH') out.push('\t');
    const level = HEADINGS[name];
    if (level !== undefined) {
      headingDepth++;
      out.push(headingOpenMark(level));
    }
    // What to write after the children: only headings and blocks have anything (no closure for the rest).
    if (level !== undefined || block) {
      stack.push(() => {
        if (level !== undefined) {
          headingDepth--;
          out.push(HEADING_CLOSE_MARK);
        }
        if (block) out.push('\n\n');
      });
    }
    // Siblings by link, not by index: linkedom builds childNodes anew on each access (quadratic on long pages).
    const children: DomNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return { ...tidy(out), depth: deepest };
}

/** Rendered pieces as one text: each line's spaces and tabs collapsed and trimmed, heading marks taken out. */
function tidy(out: string[]): { text: string; headings: PageHeading[] } {
  const marked = out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, (m) => (m.includes('\t') ? '\t' : ' ')).trim())
    .join('\n');
  return takeHeadings(marked);
}

/**
 * The deepest nesting given to the parser. htmlparser2 moves its whole list of open elements for every tag, so a
 * page's parse costs its tag count times its depth: measured on this machine (2 cores, load 3.5), 1,000 nested
 * `<div>` parse in 10 ms, 30,000 in 0.3 s, 100,000 in 7 to 9 s, 200,000 in 98 s; at depth 1,000 the moves add about 1 µs to the 5 µs
 * each element costs anyway (a 5 MB page of `<b></b>` took 3.5 s flat and 4.8 s under 1,000 open elements). Real
 * pages nest a few dozen deep (Python's 530 documentation pages: at most 27).
 */
export const MAX_PARSED_DEPTH = 1_000;
/** The most characters of a page's <title> read when it is not parsed. */
const MAX_TITLE_CHARS = 4_096;

/** What a page says, before its links are resolved against its base. */
interface PageParts {
  title: string;
  main: { text: string; headings: PageHeading[] };
  excerpt?: string;
  language?: string;
  /** The href values of its links (a and area), in document order. */
  hrefs: string[];
  baseHref?: string;
  canonicalHref?: string;
  robots: string;
}

export function parseHtmlPage(html: string, pageUrl: URL): HtmlPage {
  // One scan measures the page's depth and finds its implied structure.
  const prepared = pageForParsing(html, MAX_PARSED_DEPTH);
  const parts = prepared.tooDeep ? scanPage(html) : parsePage(prepared.page);
  const base = (() => {
    try {
      return parts.baseHref ? new URL(parts.baseHref, pageUrl) : pageUrl;
    } catch {
      return pageUrl;
    }
  })();
  const absolute = (href: string | undefined) => {
    if (!href) return undefined;
    try {
      const url = new URL(href.trim(), base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
    } catch {
      return undefined;
    }
  };
  const links = [...new Set(parts.hrefs.map(absolute).filter((u): u is string => u !== undefined))];
  const robots = parts.robots.toLowerCase();
  return {
    title: parts.title,
    text: parts.main.text,
    headings: parts.main.headings,
    excerpt: parts.excerpt,
    language: parts.language && LANGUAGE_TAG.test(parts.language) ? parts.language : undefined,
    links,
    canonical: absolute(parts.canonicalHref),
    noindex: /\b(noindex|none)\b/.test(robots),
    nofollow: /\b(nofollow|none)\b/.test(robots),
  };
}

/**
 * A page read with linkedom, its article picked by Readability. `structured`: the page with its omitted (optional)
 * <html>, <head> and <body> tags inferred as a browser does (pageForParsing); linkedom would leave the body empty.
 */
function parsePage(structured: string): PageParts {
  const document = parseDocument(structured);
  const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? undefined;
  const baseHref = attr('base[href]', 'href');
  const hrefs = [...document.querySelectorAll('a[href], area[href]')].map((a) => a.getAttribute('href') ?? '');
  const robots = attr('meta[name="robots" i]', 'content') ?? '';
  const language = attr('html', 'lang');
  const metaDescription = attr('meta[name="description" i]', 'content')?.trim();
  const fallbackTitle = (document.querySelector('title')?.textContent ?? '').trim();
  const canonicalHref = attr('link[rel="canonical" i]', 'href');
  const plainBody = document.body ? renderText(document.body) : { text: '', headings: [], depth: 0 };

  // Readability rewrites the document it is given; everything above was read first. Too deep a page skips it.
  const article =
    plainBody.depth > MAX_READABILITY_DEPTH ? null : new Readability(document as never, { charThreshold: 200 }).parse();
  let main = { text: '', headings: [] as PageHeading[] };
  if (article?.content) {
    const articleDoc = parseDocument(`<!doctype html><html><body>${article.content}</body></html>`);
    if (articleDoc.body) main = renderText(articleDoc.body);
  }
  // A page too short for Readability to find an article still has its text.
  if (main.text.length < 50 && plainBody.text.length > main.text.length) main = plainBody;

  return {
    title: (article?.title ?? '').trim() || fallbackTitle,
    main,
    excerpt: (article?.excerpt ?? '').trim() || metaDescription || undefined,
    language,
    hrefs,
    baseHref,
    canonicalHref,
    robots,
  };
}

/**
 * A page read without a parser, in one linear scan of its tags: its whole text (no Readability), blocks as
 * paragraphs as renderText writes them, the outermost heading of each nest of headings (without its permalink),
 * and what parsePage reads from its head and links. Text inside <pre> keeps its line breaks; the elements
 * renderText skips are skipped; character references are decoded, the rarer named ones left as written.
 */
function scanPage(html: string): PageParts {
  const out: string[] = [];
  const parts: PageParts = { title: '', main: { text: '', headings: [] }, hrefs: [], robots: '' };
  let title: string | undefined;
  let metaDescription: string | undefined;
  let robots: string | undefined;
  let language: string | undefined;
  /** Open elements whose content is not text (script, svg, ...), open <pre> elements, the open heading. */
  let skipped = 0;
  let pre = 0;
  let heading: string | undefined;
  /** Where the text of a link inside the open heading starts in `out` (a permalink's is taken back out). */
  let anchorAt: number | undefined;
  const value = (attributes: Map<string, string> | undefined, name: string) => {
    const raw = attributes?.get(name);
    return raw === undefined ? undefined : decodeEntities(raw);
  };
  scanTags(html, {
    wantsAttributes: (name) => ATTRIBUTES_READ.has(name),
    text(start, end, rawIn) {
      if (rawIn === 'title') {
        title ??= decodeEntities(html.slice(start, Math.min(end, start + MAX_TITLE_CHARS))).trim();
        return;
      }
      if (skipped > 0 || rawIn === 'script' || rawIn === 'style') return;
      const text = withoutMarks(decodeEntities(html.slice(start, end)));
      out.push(pre > 0 ? text : text.replace(/\s+/g, ' '));
    },
    open() {},
    openEnd(name, selfClosing, attributes) {
      const upper = name.toUpperCase();
      if (SKIPPED.has(upper)) {
        if (!selfClosing) skipped++;
        return;
      }
      if (name === 'br') out.push('\n');
      if (name === 'pre') pre++;
      if (BLOCKS.has(upper)) out.push('\n\n');
      if (name === 'td' || name === 'th') out.push('\t');
      const level = HEADINGS[upper];
      if (level !== undefined && heading === undefined) {
        heading = name;
        out.push(headingOpenMark(level));
      }
      if (name === 'a' && heading !== undefined) anchorAt = out.length;
      const href = name === 'a' || name === 'area' ? value(attributes, 'href') : undefined;
      if (href !== undefined) parts.hrefs.push(href);
      if (name === 'base') parts.baseHref ??= value(attributes, 'href');
      if (name === 'html') language ??= value(attributes, 'lang');
      if (name === 'link' && value(attributes, 'rel')?.toLowerCase() === 'canonical')
        parts.canonicalHref ??= value(attributes, 'href');
      if (name === 'meta') {
        const meta = value(attributes, 'name')?.toLowerCase();
        if (meta === 'robots') robots ??= value(attributes, 'content');
        if (meta === 'description') metaDescription ??= value(attributes, 'content');
      }
    },
    close(name) {
      const upper = name.toUpperCase();
      if (SKIPPED.has(upper)) {
        if (skipped > 0) skipped--;
        return;
      }
      if (name === 'a' && anchorAt !== undefined) {
        const text = out.slice(anchorAt).join('');
        if (text.length <= 8 && PERMALINK.has(text.trim())) out.length = anchorAt;
        anchorAt = undefined;
      }
      if (name === heading) {
        out.push(HEADING_CLOSE_MARK);
        heading = undefined;
        anchorAt = undefined;
      }
      if (name === 'pre' && pre > 0) pre--;
      if (BLOCKS.has(upper)) out.push('\n\n');
    },
  });
  return {
    ...parts,
    title: title ?? '',
    main: tidy(out),
    excerpt: metaDescription?.trim() || undefined,
    language,
    robots: robots ?? '',
  };
}

/** The elements whose attributes scanPage reads. */
const ATTRIBUTES_READ = new Set(['a', 'area', 'base', 'html', 'link', 'meta']);
