// Every relative link in the README and docs/ resolves in a clone: the file (or folder) exists, and an anchor
// names a heading of the page it points to, as GitHub renders it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchors, links } from '../../helpers/markdown';
import { repoRoot } from '../../helpers/processes';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** Problems with the links of one Markdown file, as "file:line: what". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const where = (line: number) => `${path.relative(repoRoot, file)}:${line}`;
  const problems: string[] = [];
  for (const { target, line } of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …: not in the clone
    if (target.startsWith('/')) {
      problems.push(`${where(line)}: ${target} is a server path, which does not resolve in a clone`);
      continue;
    }
    const [rawPath = '', anchor] = target.split('#', 2);
    const linked = rawPath === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    if (!existsSync(linked)) {
      problems.push(`${where(line)}: ${target}: no such file`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(linked).isDirectory() || !linked.endsWith('.md')) {
      problems.push(`${where(line)}: ${target}: an anchor on something that is not a Markdown page`);
      continue;
    }
    if (!anchors(readFileSync(linked, 'utf8')).has(decodeURIComponent(anchor))) {
      problems.push(`${where(line)}: ${target}: ${path.relative(repoRoot, linked)} has no heading #${anchor}`);
    }
  }
  return problems;
}

describe('documentation links', () => {
  const files = [path.join(repoRoot, 'README.md'), ...markdownFiles(path.join(repoRoot, 'docs'))];

  it('every relative link and anchor in README.md and docs/**/*.md resolves in a clone', () => {
    assert.ok(files.length > 10, `found only ${files.length} Markdown files`);
    const problems = files.flatMap(brokenLinks);
    assert.deepEqual(problems, [], `broken links:\n${problems.join('\n')}`);
  });

  it('docs/README.md, the table of contents, links every page under docs/', () => {
    const index = path.join(repoRoot, 'docs', 'README.md');
    const listed = new Set(
      links(readFileSync(index, 'utf8')).map(({ target }) => path.resolve(path.dirname(index), target.split('#')[0]!)),
    );
    const missing = files
      .filter((f) => f.startsWith(path.join(repoRoot, 'docs') + path.sep) && f !== index && !listed.has(f))
      .map((f) => path.relative(repoRoot, f));
    assert.deepEqual(missing, [], `pages docs/README.md does not list:\n${missing.join('\n')}`);
  });

  it('reports a missing file, a missing anchor and a server path, and passes good links (the checker can fail)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kws-links-'));
    try {
      writeFileSync(path.join(dir, 'b.md'), '# Search modes (`mode`)\n\n## Search modes (`mode`)\n');
      writeFileSync(
        path.join(dir, 'a.md'),
        [
          '[ok](b.md#search-modes-mode) [ok too](b.md#search-modes-mode-1) [self](#top) [web](https://example.com/x)',
          '# Top',
          '[gone](c.md) [bad anchor](b.md#search-modes) [server](/console) `[code](d.md)`',
          '```',
          '[fenced](e.md)',
          '```',
        ].join('\n'),
      );
      const problems = brokenLinks(path.join(dir, 'a.md')).map((p) => p.replace(/^.*a\.md:/, ''));
      assert.deepEqual(problems, [
        '3: c.md: no such file',
        `3: b.md#search-modes: ${path.relative(repoRoot, path.join(dir, 'b.md'))} has no heading #search-modes`,
        '3: /console is a server path, which does not resolve in a clone',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
