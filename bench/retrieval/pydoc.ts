// The retrieval corpus: the Python 3 documentation from Debian's python3-doc package (HTML, installed by
// scripts/fetch-pydoc.sh), converted to plain text page by page. Sphinx writes every page the same way:
// the page body sits between <div class="body" role="main"> and the sidebar, code in <pre>.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { headingPathAt, type PageHeading } from '../../src/extract/headings';

export const PYDOC_HTML_DIR = '/usr/share/doc/python3-doc/html';

/** The sections kept: the library reference, the language reference, tutorial, HOWTOs, FAQs, glossary. */
const SECTIONS = ['library', 'reference', 'tutorial', 'howto', 'faq', 'using', 'extending'];
const TOP_LEVEL_PAGES = ['glossary.html'];

export interface DocPage {
  /** Path under the HTML directory, e.g. library/json.html: the page's identity in the labelled set. */
  path: string;
  title: string;
  text: string;
  /** The page's section headings (h2 to h6) where they start in `text`, in order. */
  headings: Heading[];
}

/** A section heading (h2 to h6: the h1 is the page's title) where it starts in the page's text. */
export type Heading = PageHeading;

/** The service's own function (src/extract/headings.ts): the bench's paths are the chunker's. */
export { headingPathAt };

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  para: '¶',
  copy: '©',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rarr: '→',
  larr: '←',
  times: '×',
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK = /^(p|div|section|h[1-6]|li|ul|ol|dl|dt|dd|table|tr|blockquote|hr|br|figure|caption|pre)$/i;

/** Sphinx HTML body to text: paragraphs and list items on lines of their own, code blocks kept verbatim. */
export function sphinxHtmlToText(html: string): { title: string; text: string; headings: Heading[] } {
  const start = html.indexOf('<div class="body" role="main">');
  const end = html.indexOf('<div class="sphinxsidebar"', start);
  let body = start >= 0 ? html.slice(start, end > start ? end : undefined) : html;
  body = body
    .replace(/<script[\s\S]*?<\/script>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<a class="headerlink"[^>]*>[\s\S]*?<\/a>/gi, '');
  const titleMatch = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body);
  const title = titleMatch ? collapse(decodeEntities(titleMatch[1]!.replace(/<[^>]+>/g, ''))) : '';

  const out: string[] = [];
  const headings: Heading[] = [];
  let length = 0;
  let inPre = 0;
  let line = '';
  let heading = 0;
  const flush = () => {
    const text = inPre ? line.replace(/\s+$/, '') : collapse(line);
    if (text) {
      if (heading >= 2) headings.push({ level: heading, text: text.replace(/¶$/, '').trim(), at: length });
      length += text.length + 1;
      out.push(text);
    }
    line = '';
  };
  // Tags and text alternate; the pre depth decides whether whitespace is kept.
  for (const token of body.split(/(<[^>]+>)/)) {
    if (token.startsWith('<')) {
      const m = /^<\/?\s*([a-z0-9]+)/i.exec(token);
      const tag = m?.[1] ?? '';
      const closing = token.startsWith('</');
      if (tag.toLowerCase() === 'pre') {
        flush();
        inPre += closing ? -1 : 1;
        if (inPre < 0) inPre = 0;
      } else if (BLOCK.test(tag)) {
        flush();
        const level = /^h([1-6])$/i.exec(tag)?.[1];
        if (level) heading = closing ? 0 : Number(level);
      }
      continue;
    }
    const text = decodeEntities(token);
    if (inPre) {
      const lines = text.split('\n');
      lines.forEach((l, i) => {
        line += l;
        if (i < lines.length - 1) flush();
      });
    } else {
      line += text.replace(/\s+/g, ' ');
    }
  }
  flush();
  return { title, text: out.join('\n'), headings };
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Every kept page of the installed documentation, sorted by path. */
export async function loadPythonDocs(htmlDir = PYDOC_HTML_DIR): Promise<DocPage[]> {
  if (!existsSync(path.join(htmlDir, 'library'))) {
    throw new Error(`${htmlDir} has no Python documentation: run scripts/fetch-pydoc.sh (apt-get install python3-doc)`);
  }
  const files: string[] = [...TOP_LEVEL_PAGES];
  for (const section of SECTIONS) {
    for (const name of await readdir(path.join(htmlDir, section))) {
      if (name.endsWith('.html')) files.push(`${section}/${name}`);
    }
  }
  files.sort();
  const pages: DocPage[] = [];
  for (const file of files) {
    const { title, text, headings } = sphinxHtmlToText(await readFile(path.join(htmlDir, file), 'utf8'));
    // Index pages of a section hold only a table of contents.
    if (text.length < 200) continue;
    pages.push({ path: file, title: title || file, text, headings });
  }
  return pages;
}
