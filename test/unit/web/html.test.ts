// Deeply nested HTML: the linear scan that measures a page's nesting as htmlparser2 builds it (hand cases, and
// equal to htmlparser2's own stack on random tag soup), and pages too deep for the parser read by that scan.
// The file's timeout is explicit: on the old code (every page given to linkedom), the 200,000-deep page held
// the thread 98 s, so that test fails by this timeout there (once the parse lets go: a blocked thread fires no
// timer); here it takes well under a second.
import assert from 'node:assert/strict';
import { Parser } from 'htmlparser2';
import { MAX_PARSED_DEPTH, parseHtmlPage } from '../../../src/web/html';
import { decodeEntities, nestingDepth, pageForParsing, withImpliedStructure } from '../../../src/web/htmlTokens';

const depth = (html: string) => nestingDepth(html, Number.MAX_SAFE_INTEGER).depth;

/**
 * The deepest htmlparser2's parser (linkedom's, with linkedom's options) keeps its open elements: its `stack`,
 * private in its types, is the very list whose length makes its cost.
 */
function parserDepth(html: string): number {
  let deepest = 0;
  const open = () => (parser as unknown as { stack: string[] }).stack.length;
  const parser = new Parser(
    { onopentagname: () => void (deepest = Math.max(deepest, open())) },
    { lowerCaseAttributeNames: false, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return deepest;
}

describe('HTML nesting scan', function () {
  this.timeout(20_000);

  it('counts only elements that nest: void, `/>` in svg, unclosed p, li, td and option do not', () => {
    assert.equal(depth('<div><div><span>x</span></div></div>'), 3);
    assert.equal(depth(`<div>${'<br><img src=a><input><meta charset=utf-8><link rel=x><hr>'.repeat(50)}</div>`), 1);
    assert.equal(depth(`<body>${'<p>para'.repeat(10_000)}</body>`), 2);
    assert.equal(depth(`<ul>${'<li>item'.repeat(10_000)}</ul>`), 2);
    assert.equal(depth(`<table>${'<tr><td>a<td>b'.repeat(5_000)}</table>`), 3);
    assert.equal(depth(`<select>${'<option>o'.repeat(5_000)}</select>`), 2);
    assert.equal(depth(`<dl>${'<dt>t<dd>d'.repeat(5_000)}</dl>`), 2);
    assert.equal(depth(`<div><svg>${'<path d="M0 0"/>'.repeat(5_000)}</svg></div>`), 3);
    // Outside svg and math, `<div/>` opens a div (HTML has no self-closing div): it nests.
    assert.equal(depth('<div/>'.repeat(100)), 100);
    assert.equal(depth('<div><b><i>unclosed'), 3);
    assert.equal(depth('<div><b><i>x</div><div>y</div>'), 3, 'an end tag closes what it encloses');
    assert.equal(depth('</b></i></span><div>x</div>'), 1, 'end tags of elements not open close nothing');
  });

  it('reads no tags inside comments, raw text, CDATA or quoted attribute values', () => {
    const many = '<div>'.repeat(5_000);
    assert.equal(depth(`<!-- ${many} --><p>x</p>`), 1);
    assert.equal(depth(`<script>var s = "${many}"; if (a < b) {}</script><p>x</p>`), 1);
    assert.equal(depth(`<style>a::after { content: "${many}" }</style>`), 1);
    assert.equal(depth(`<title>${many}</title><textarea>${many}</textarea>`), 1);
    assert.equal(depth(`<![CDATA[${many}]]>`), 0);
    assert.equal(depth(`<a title="${many}" data-x='>${many}'>x</a>`), 1);
    assert.equal(depth(`<a data-x='</a><div><div>'><b>x</b></a>`), 2, 'a quoted `>` does not end the tag');
    assert.equal(depth(`<SCRIPT>${many}</script >${'<div>'.repeat(3)}`), 3, 'the end tag is found in any case');
    assert.equal(depth(`<script>${many}</scriptx>`), 1, '</scriptx> does not end a script');
    assert.equal(depth(`<!DOCTYPE html><?xml version="1.0"?><!-->${'<i>'.repeat(7)}`), 7);
  });

  it('stops at the limit and says the page is too deep', () => {
    const deep = `${'<div>'.repeat(MAX_PARSED_DEPTH + 1)}x`;
    assert.deepEqual(nestingDepth(deep, MAX_PARSED_DEPTH), { depth: MAX_PARSED_DEPTH + 1, tooDeep: true });
    assert.equal(nestingDepth(`${'<div>'.repeat(MAX_PARSED_DEPTH)}x`, MAX_PARSED_DEPTH).tooDeep, false);
  });

  it('one pass gives the parser its page (the implied structure) or says it is too deep', () => {
    for (const html of [
      '<!doctype html><title>Billing</title><p>Paid monthly.</p>',
      '<html lang="en"><head><noscript><img src="/p.gif"></noscript><title>T</title></head><p>x</p></html>',
      `<svg><path/><g/></svg><table><tr><td>1<td>2</table>${'<div>'.repeat(MAX_PARSED_DEPTH)}x`,
    ]) {
      assert.deepEqual(pageForParsing(html, MAX_PARSED_DEPTH), { tooDeep: false, page: withImpliedStructure(html) });
    }
    assert.deepEqual(pageForParsing(`<title>T</title>${'<div>'.repeat(MAX_PARSED_DEPTH + 1)}x`, MAX_PARSED_DEPTH), {
      tooDeep: true,
    });
  });

  it("measures exactly the depth of htmlparser2's stack, on random tag soup", () => {
    const pieces = [
      '<div>', '</div>', '<DIV>', '</Div>', '<div/>', '<p>', '</p>', '<p/>', '<li>', '<ul>', '</ul>', '<td>', '<tr>',
      '<table>', '</td>', '<tbody>', '<thead>', '<option>', '<option/>', '<select>', '<dd>', '<dt>', '<h2>', '<h3>',
      '<b>', '</b>', '<span>', '</span>', '<br>', '<br/>', '</br>', '<input>', '<link>', '<body>', '<head>',
      '<svg>', '</svg>', '</svg >', '<svg/>', '<path/>', '<g>', '</g>', '<math>', '</math>', '<math/>', '<mi/>',
      '</mi>', '<desc>', '<foreignObject>', '<annotation-xml>', '<title>', '</title>', '<title/>', '<script>',
      '<SCRIPT>', '</script>', '</SCRIPT >', '</script', '</script/>', '<scripts>', '<style>', '<textarea>',
      '</textarea>', '<xmp>', '</xmp>', '<!--', '-->', '<!-->', '<!---->', '<!-', '<!-x>', '<!>', '<![CDATA[',
      '<![CDA', ']]>', '<!x', '<!DOCTYPE html>', '<?x', '</ div>', '</>', '</ >', '<a href="x>y">', "<a b='>'>",
      '<a b=>', '<a b=c/>', '<a b="c"d>', '<a/ >', '<a / b>', '<a\nb="1">', '<tit', '&#60;div>', '&amp;', '>',
      '<', '/', '"', "'", '=', ' ', '\n', '\t', 'a',
    ]; // prettier-ignore
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed % n;
    };
    for (let run = 0; run < 20_000; run++) {
      let html = '';
      for (let i = random(60); i >= 0; i--) html += pieces[random(pieces.length)];
      assert.equal(depth(html), parserDepth(html), JSON.stringify(html));
    }
  });
});

describe('HTML pages too deep for the parser', function () {
  this.timeout(20_000);

  it('reads a 200,000-deep page (1 MB of <div>) by the scan: its title, text, headings, links and meta tags', () => {
    const html = `<!doctype html><html lang="de"><head><title>Deep &amp; dark &#8212; page</title>
      <base href="/docs/"><link rel="Canonical" href="https://e.com/docs/deep">
      <meta name="robots" content="noindex"><meta name="description" content=" About depth. ">
      <script>document.write("<div><p>not text</p>")</script><style>p::after{content:"</p>"}</style></head><body>
      ${'<div>'.repeat(200_000)}<h2>Deep heading <a class="headerlink" href="#deep">¶</a></h2>
      <p>deep text here &lt;b&gt; &eacute;t&eacute; &mdash; caf&#233;</p><p>second<br>line</p>
      <a href="next?a=1&amp;b=2">next</a> <a href="javascript:void(0)">x</a> <area href="https://other.org/">
      <pre>  keeps   its
  spaces</pre><noscript>no script text</noscript><svg><text>svg text</text></svg></body></html>`;
    const page = parseHtmlPage(html, new URL('https://e.com/docs/deep'));
    assert.equal(page.title, 'Deep & dark — page');
    assert.equal(page.language, 'de');
    assert.equal(page.canonical, 'https://e.com/docs/deep');
    assert.deepEqual(page.links, ['https://e.com/docs/#deep', 'https://e.com/docs/next?a=1&b=2', 'https://other.org/']);
    assert.equal(page.noindex, true);
    assert.equal(page.nofollow, false);
    assert.equal(page.excerpt, 'About depth.');
    assert.match(page.text, /^Deep heading\n\ndeep text here <b> &eacute;t&eacute; — café\n\nsecond\nline\n\nnext x/);
    assert.match(page.text, /\n\nkeeps its\nspaces$/, '<pre> keeps its lines (as renderText, its spaces collapsed)');
    assert.doesNotMatch(page.text, /not text|content|no script text|svg text|¶/);
    assert.deepEqual(page.headings, [{ level: 2, text: 'Deep heading', at: 0 }]);
  });

  it('reads 1,000,000 nested elements, unclosed tags and unterminated quotes without a parser', () => {
    const huge = parseHtmlPage(`<title>T</title>${'<span>'.repeat(1_000_000)}end`, new URL('https://e.com/'));
    assert.equal(huge.title, 'T');
    assert.equal(huge.text, 'end');
    const cut = parseHtmlPage(`${'<b>'.repeat(2_000)}before<a href="x>after`, new URL('https://e.com/'));
    assert.equal(cut.text, 'before');
    assert.deepEqual(cut.links, []);
  });

  it('parses real-looking pages as before: flat ones with thousands of unclosed <p> and <li> stay on the parser', () => {
    const list = `<html><head><title>List</title></head><body><main><h1>Items</h1><ul>${Array.from(
      { length: 3_000 },
      (_, i) => `<li>item ${i}`,
    ).join('')}</ul>${'<p>para'.repeat(3_000)}<svg>${'<path/>'.repeat(3_000)}</svg></main></body></html>`;
    assert.ok(nestingDepth(list, MAX_PARSED_DEPTH).depth < 10);
    const page = parseHtmlPage(list, new URL('https://e.com/list'));
    // What the code before the scan returned for this page: Readability's article (its h1 made an h2).
    assert.equal(page.title, 'List');
    assert.equal(page.excerpt, 'para');
    assert.deepEqual(page.headings, [{ level: 2, text: 'Items', at: 0 }]);
    assert.equal(page.text.length, 49_895);
    assert.match(page.text, /^Items\n\nitem 0\n\nitem 1\n\n/);
    assert.match(page.text, /item 2999\n\npara\n\npara/);
  });
});

describe('decodeEntities', () => {
  it('decodes character references and the common named ones, and leaves the rest as written', () => {
    assert.equal(
      decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &nbsp;&hellip;'),
      'a & b <c> "d" \'e\' \u00a0…',
    );
    assert.equal(decodeEntities('&#128512; &#x1F600;'), '😀 😀');
    assert.equal(
      decodeEntities('&#0; &#xD800; &#x110000; &#12a; &unknown; &toString; &amp'),
      '&#0; &#xD800; &#x110000; &#12a; &unknown; &toString; &amp',
    );
    assert.equal(decodeEntities('&'.repeat(100_000)).length, 100_000, 'a run of & is read once');
  });
});

describe('pages that leave out <html>, <head> or <body> (optional tags)', () => {
  const page = (html: string) => parseHtmlPage(html, new URL('https://docs.example.com/billing'));
  const TEXT = 'Invoices are issued on the first business day of each month, and paid within thirty days.';

  it('keep their text as a browser shows it (linkedom alone left the body empty)', () => {
    for (const html of [
      `<!doctype html><title>Billing</title><p>${TEXT}</p>`,
      `<title>Billing</title><p>${TEXT}</p>`,
      `<!doctype html><html><head><title>Billing</title></head><p>${TEXT}</p></html>`,
      `<!doctype html><html><title>Billing</title><body><p>${TEXT}</p></body></html>`,
      `<html lang="en"><meta charset="utf-8"><title>Billing</title><p>${TEXT}</p>`,
    ]) {
      const { title, text } = page(html);
      assert.deepEqual({ title, text }, { title: 'Billing', text: TEXT }, html);
    }
  });

  it('keep the <html> attributes, a head script that mentions <body>, and a body without a head', () => {
    const full = page(
      `<!DOCTYPE html>\n<html lang="de">\n<head>\n<script>var s = "<body>";</script><title>Rechnungen</title>` +
        `<meta name="description" content="Wann Rechnungen kommen"></head>\n<body class="x"><h2>Fristen</h2><p>${TEXT}</p></body></html>`,
    );
    assert.equal(full.language, 'de');
    assert.equal(full.title, 'Rechnungen');
    assert.equal(full.excerpt, 'Wann Rechnungen kommen');
    assert.equal(full.text, `Fristen\n\n${TEXT}`);
    assert.deepEqual(
      full.headings.map((h) => h.text),
      ['Fristen'],
    );
    assert.equal(page(`<p>${TEXT}</p>`).text, TEXT);
    // A tracking pixel in the head's <noscript> does not start the body: the title after it stays the title.
    const pixel = page(
      `<html><head><noscript><img src="/pixel.gif"></noscript><title>Billing</title></head><p>${TEXT}</p></html>`,
    );
    assert.deepEqual([pixel.title, pixel.text], ['Billing', TEXT]);
  });

  it('change nothing in a well-formed page: its canonical link, links and sections read as before', () => {
    const html =
      '<!doctype html><html lang="en"><head><title>Guide</title><link rel="canonical" href="/guide"></head>' +
      `<body><nav><a href="/a">A</a></nav><main><h1>Guide</h1><h2>Install</h2><p>${TEXT}</p></main></body></html>`;
    const once = page(html);
    assert.equal(once.canonical, 'https://docs.example.com/guide');
    assert.deepEqual(once.links, ['https://docs.example.com/a']);
    assert.match(once.text, /Install\n\nInvoices are issued/);
  });
});
