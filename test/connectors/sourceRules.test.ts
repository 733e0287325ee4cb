// A source's rules as pure functions: the first rule whose match a document meets wins, the source's own roles and
// attributes being the default; each kind of condition (path globs, s3 metadata and tags, git owners); every refusal
// names its bound and where; CODEOWNERS read the way GitHub reads it.
import assert from 'node:assert/strict';
import { ownersOf, parseCodeowners, CODEOWNERS_LIMITS } from '../../src/connectors/codeowners';
import {
  assignmentFor,
  compileRules,
  factsRead,
  matchingRule,
  RULE_LIMITS,
  rulesProblems,
  type SourceRule,
} from '../../src/connectors/sourceRules';

const HR = '00000000-0000-4000-8000-000000000001';
const ENG = '00000000-0000-4000-8000-000000000002';
const ALL = '00000000-0000-4000-8000-000000000003';

describe('source rules', () => {
  const rules: SourceRule[] = [
    { match: { paths: ['hr/**'] }, roleIds: [HR], attributes: { audience: 'hr' } },
    { match: { paths: ['**/*.md'], tags: { team: ['eng', 'platform'] } }, roleIds: [ENG] },
    { match: { metadata: { Classification: 'public' } }, attributes: { audience: 'everyone' } },
    { match: { paths: ['hr/**', 'legal/**'] }, roleIds: [ALL] },
  ];
  const compiled = compileRules(rules);

  it('gives a document the first rule it matches, and the default when none does', () => {
    assert.equal(matchingRule(compiled, { path: 'hr/pay/2026.pdf' }), 1);
    assert.equal(matchingRule(compiled, { path: 'docs/a.md', tags: { team: 'platform' } }), 2);
    assert.equal(matchingRule(compiled, { path: 'docs/a.md', tags: { team: 'sales' } }), 0, 'a tag value not listed');
    assert.equal(matchingRule(compiled, { path: 'docs/a.md' }), 0, 'no tags recorded: no tag matches');
    assert.equal(matchingRule(compiled, { path: 'legal/x.txt' }), 4, 'rule 1 took hr/, rule 4 gets legal/');
    // Metadata keys compare case-insensitively (S3 lowercases them); values exactly.
    assert.equal(matchingRule(compiled, { path: 'x', metadata: { classification: 'public' } }), 3);
    assert.equal(matchingRule(compiled, { path: 'x', metadata: { classification: 'Public' } }), 0);
  });

  it("assigns the matching rule's roles and attributes, the source's own where the rule names none", () => {
    const source = { roleIds: [ALL, ENG] };
    assert.deepEqual(assignmentFor(compiled, { path: 'hr/a' }, source), {
      rule: 1,
      roleIds: [HR],
      attributes: { audience: 'hr' },
    });
    assert.deepEqual(assignmentFor(compiled, { path: 'x', metadata: { classification: 'public' } }, source), {
      rule: 3,
      roleIds: [ALL, ENG].sort(),
      attributes: { audience: 'everyone' },
    });
    assert.deepEqual(assignmentFor(compiled, { path: 'elsewhere' }, source), {
      rule: 0,
      roleIds: [ALL, ENG].sort(),
      attributes: {},
    });
    assert.deepEqual([...factsRead(rules)].sort(), ['metadata', 'tags']);
  });

  it('matches owners case-insensitively, any of them', () => {
    const byOwner = compileRules([{ match: { owners: ['@Acme/HR'] }, roleIds: [HR] }]);
    assert.equal(matchingRule(byOwner, { path: 'a', owners: ['@someone', '@acme/hr'] }), 1);
    assert.equal(matchingRule(byOwner, { path: 'a', owners: [] }), 0);
  });

  it('refuses what no source of the kind can evaluate, naming the bound and the field', () => {
    const one = (r: SourceRule[], kind = 's3', codeowners = false) => rulesProblems(r, kind, { codeowners });
    const tooMany = Array.from({ length: RULE_LIMITS.rules + 1 }, () => ({ match: { paths: ['a'] } }));
    assert.match(one(tooMany)[0]!.message, /rules may hold at most 50 rules \(got 51\)/);
    const wide = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const [problem] = one([{ match: { paths: ['x'] } }, { match: { paths: wide, owners: wide } }], 'git', true);
    assert.match(problem!.message, /rules\[1\]\.match holds 40 patterns, more than the 32/);
    assert.deepEqual(problem!.path, ['rules', 1, 'match']);
    assert.match(one([{ match: {} }])[0]!.message, /rules\[0\]\.match must hold at least one condition/);
    assert.match(one([{ match: { paths: ['/abs'] } }])[0]!.message, /rules\[0\]\.match\.paths\[0\] starts with "\/"/);
    assert.match(one([{ match: { tags: { a: 'b' } } }], 'git', true)[0]!.message, /tags is not available on a git/);
    assert.match(one([{ match: { owners: ['@a'] } }], 's3')[0]!.message, /owners is not available on a s3 source/);
    assert.match(one([{ match: { owners: ['@a'] } }], 'git')[0]!.message, /needs the source to read a CODEOWNERS/);
    assert.deepEqual(one([{ match: { owners: ['@a'] } }], 'git', true), []);
    assert.match(one([{ match: { metadata: { a: 'b' } } }], 'website')[0]!.message, /\(website rules match paths\)$/);
    for (const p of one(tooMany).concat(one([{ match: {} }]))) assert.ok(p.hint.length > 10, 'every refusal hints');
  });
});

describe('CODEOWNERS', () => {
  const file = [
    '# comments and blank lines are skipped',
    '',
    '*                @acme/everyone',
    '*.md             @acme/writers   # a trailing comment',
    '/docs/           @acme/docs',
    'hr/              @Acme/HR hr-lead@example.com',
    'apps/*           @acme/apps',
    '!ignored.txt     @nobody',
    '/legal/contracts',
    'logs             @acme/ops',
  ].join('\n');
  const lines = parseCodeowners(file);

  it('gives a path the owners of the last line that matches it, read as GitHub does', () => {
    assert.deepEqual(ownersOf(lines, 'src/main.ts'), ['@acme/everyone']);
    assert.deepEqual(ownersOf(lines, 'src/readme.md'), ['@acme/writers'], '*.md at any depth');
    assert.deepEqual(ownersOf(lines, 'docs/guide.ts'), ['@acme/docs'], '/docs/: the directory at the root');
    assert.deepEqual(ownersOf(lines, 'docs/a/b/c.txt'), ['@acme/docs'], 'and everything under it');
    assert.deepEqual(ownersOf(lines, 'team/hr/pay.xlsx'), ['@acme/hr', 'hr-lead@example.com'], 'hr/ at any depth');
    assert.deepEqual(ownersOf(lines, 'apps/web.ts'), ['@acme/apps'], 'apps/*: files directly in apps');
    assert.deepEqual(ownersOf(lines, 'apps/web/index.ts'), ['@acme/everyone'], 'not deeper');
    assert.deepEqual(ownersOf(lines, 'legal/contracts/nda.pdf'), [], 'a line without owners removes them');
    assert.deepEqual(ownersOf(lines, 'var/logs/today.txt'), ['@acme/ops'], 'a name matches a directory anywhere');
    assert.deepEqual(ownersOf(lines, 'ignored.txt'), ['@acme/everyone'], 'negation is not CODEOWNERS syntax');
  });

  it('is bounded: at most the first lines, and no pattern becomes a regular expression', () => {
    const many = Array.from({ length: CODEOWNERS_LIMITS.lines + 10 }, (_, i) => `f${i}.txt @o${i}`).join('\n');
    assert.equal(parseCodeowners(many).length, CODEOWNERS_LIMITS.lines);
    // A pattern that would backtrack as a regular expression runs in linear steps.
    const hostile = parseCodeowners(`${'*a'.repeat(60)}* @x`);
    const started = performance.now();
    assert.deepEqual(ownersOf(hostile, 'a'.repeat(59) + 'b'.repeat(190)), []);
    assert.ok(performance.now() - started < 200);
  });

  it('reads patterns of 200,000 slashes (a regular expression would backtrack on them) in one pass', () => {
    const slashes = parseCodeowners(`docs${'/'.repeat(200_000)} @acme/docs\n${'/'.repeat(200_000)}x @acme/x`);
    assert.deepEqual(ownersOf(slashes, 'docs/a.md'), ['@acme/docs']);
    assert.deepEqual(ownersOf(slashes, 'x'), ['@acme/x'], 'slashes before a name anchor it at the root');
    assert.deepEqual(ownersOf(slashes, 'docs/x'), ['@acme/docs']);
  });
});
