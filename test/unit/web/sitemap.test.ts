// Sitemap reading: only <loc> text is taken, entities other than the predefined ones are never expanded, and
// the URLs taken are bounded; robots.txt's Sitemap lines are found whatever group they sit in.
import assert from 'node:assert/strict';
import { robotsSitemaps } from '../../../src/web/robots';
import { parseSitemap } from '../../../src/web/sitemap';

describe('sitemaps', () => {
  it('takes the <loc> values of a urlset, decoding predefined entities, references and CDATA', () => {
    const xml = `<?xml version="1.0"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc> https://a.example/x?p=1&amp;q=2 </loc><lastmod>2024-01-01</lastmod></url>
  <url><loc><![CDATA[https://a.example/y&z]]></loc></url>
  <url><loc>https://a.example/caf&#233;/&#x41;</loc></url>
</urlset>`;
    assert.deepEqual(parseSitemap(xml, 10), {
      kind: 'urlset',
      locs: ['https://a.example/x?p=1&q=2', 'https://a.example/y&z', 'https://a.example/café/A'],
    });
  });

  it('never expands a declared entity (no billion laughs)', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
<sitemapindex><sitemap><loc>https://a.example/&b;.xml</loc></sitemap></sitemapindex>`;
    assert.deepEqual(parseSitemap(xml, 10), { kind: 'index', locs: ['https://a.example/&b;.xml'] });
  });

  it('takes at most maxLocs URLs and skips an unterminated <loc>', () => {
    const many = Array.from({ length: 50 }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`).join('');
    assert.equal(parseSitemap(`<urlset>${many}</urlset>`, 7).locs.length, 7);
    assert.deepEqual(parseSitemap('<urlset><url><loc>https://a.example/', 7).locs, []);
  });

  it("reads robots.txt's Sitemap lines, absolute URLs only", () => {
    const body =
      'User-agent: *\nDisallow: /x\nSitemap: https://a.example/s.xml\nsitemap:/relative.xml\n  SITEMAP : https://a.example/t.xml # note\n';
    assert.deepEqual(robotsSitemaps(body), ['https://a.example/s.xml', 'https://a.example/t.xml']);
  });
});
