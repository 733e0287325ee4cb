// Rules on a source: which roles and attributes each of its documents gets, from where it lives in the source.
// `rules` are evaluated in order and the first whose `match` the document meets wins; a document no rule
// matches gets the source's own roleIds and attributes (the default, rule 0). A match reads the facts a listing
// records of each document: its path within the source (globs run by the linear matcher of ./glob.ts, never a
// regular expression), for s3 its object metadata and tags, for git the owners a CODEOWNERS file gives it.
// Everything here is bounded (RULE_LIMITS), so evaluating a source's rules for one document costs at most
// rules x patterns x O(glob x path) steps.
import type { Attributes } from '../domain/filter';
import type { DocumentFacts, FactKind, OneOrMore, RuleMatch, SourceRule } from '../domain/sourceRules';
import { compileGlob, globProblem, matchesAnyGlob, MAX_GLOB_LENGTH, type CompiledGlob } from './glob';

export type { DocumentFacts, FactKind, OneOrMore, RuleMatch, SourceRule } from '../domain/sourceRules';

export const RULE_LIMITS = {
  /** Rules on one source. */
  rules: 50,
  /** Patterns in one rule's match: its paths, owners and metadata or tag values together. */
  patterns: 32,
  /** Characters in one pattern (a glob, an owner, a metadata or tag value). */
  patternLength: MAX_GLOB_LENGTH,
  /** Characters in a metadata or tag key. */
  keyLength: 128,
  /** Roles one rule gives. */
  roleIds: 100,
} as const;

/** The facts each kind can record beside the path. */
export const FACTS_OF_KIND: Readonly<Record<string, readonly FactKind[]>> = {
  s3: ['metadata', 'tags'],
  git: ['owners'],
  website: [],
};

/** What a document gets: the rule it matched (0: none, the source's default) with its roles and attributes. */
export interface RuleAssignment {
  rule: number;
  roleIds: string[];
  attributes: Attributes;
}

interface CompiledRule {
  paths?: CompiledGlob[];
  metadata?: Array<[string, Set<string>]>;
  tags?: Array<[string, Set<string>]>;
  owners?: Set<string>;
}

export interface CompiledRules {
  readonly rules: readonly SourceRule[];
  readonly compiled: readonly CompiledRule[];
}

const values = (v: OneOrMore): string[] => (Array.isArray(v) ? v : [v]);
const pairs = (record: Record<string, OneOrMore>, lowerKeys: boolean): Array<[string, Set<string>]> =>
  Object.entries(record).map(([k, v]) => [lowerKeys ? k.toLowerCase() : k, new Set(values(v))]);

/** Compiles checked rules (see rulesProblems) once per evaluation run, in O(rules x patterns). */
export function compileRules(rules: readonly SourceRule[]): CompiledRules {
  const compiled = rules.map(({ match }): CompiledRule => {
    const out: CompiledRule = {};
    if (match.paths) out.paths = match.paths.map(compileGlob);
    if (match.metadata) out.metadata = pairs(match.metadata, true);
    if (match.tags) out.tags = pairs(match.tags, false);
    if (match.owners) out.owners = new Set(match.owners.map((o) => o.toLowerCase()));
    return out;
  });
  return { rules, compiled };
}

function meets(rule: CompiledRule, facts: DocumentFacts): boolean {
  if (rule.paths && !matchesAnyGlob(rule.paths, facts.path)) return false;
  if (rule.metadata) {
    const metadata = facts.metadata ?? {};
    const lower = new Map(Object.entries(metadata).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [key, accepted] of rule.metadata) {
      const v = lower.get(key);
      if (v === undefined || !accepted.has(v)) return false;
    }
  }
  if (rule.tags) {
    const tags = facts.tags ?? {};
    for (const [key, accepted] of rule.tags) {
      const v = Object.hasOwn(tags, key) ? tags[key] : undefined;
      if (v === undefined || !accepted.has(v)) return false;
    }
  }
  if (rule.owners && !(facts.owners ?? []).some((o) => rule.owners!.has(o.toLowerCase()))) return false;
  return true;
}

/** The number of the first rule the document meets (1-based), or 0 when none does. */
export function matchingRule(rules: CompiledRules, facts: DocumentFacts): number {
  const i = rules.compiled.findIndex((r) => meets(r, facts));
  return i + 1;
}

/** What the document gets under the rules, the source's own roles and attributes being the default. */
export function assignmentFor(
  rules: CompiledRules,
  facts: DocumentFacts,
  source: { roleIds: readonly string[] },
): RuleAssignment {
  const rule = matchingRule(rules, facts);
  const chosen = rule === 0 ? undefined : rules.rules[rule - 1];
  return {
    rule,
    roleIds: [...new Set(chosen?.roleIds ?? source.roleIds)].sort(),
    attributes: chosen?.attributes ?? {},
  };
}

/** The fact kinds the rules read (a listing records only these, beside the path). */
export function factsRead(rules: readonly SourceRule[]): Set<FactKind> {
  const out = new Set<FactKind>();
  for (const { match } of rules) {
    if (match.metadata) out.add('metadata');
    if (match.tags) out.add('tags');
    if (match.owners) out.add('owners');
  }
  return out;
}

/** A rule that the service refuses: what is wrong, in words naming the bound, and where (a field path). */
export interface RuleProblem {
  message: string;
  path: Array<string | number>;
  hint: string;
}

const patternCount = (match: RuleMatch) =>
  (match.paths?.length ?? 0) +
  (match.owners?.length ?? 0) +
  Object.values(match.metadata ?? {}).reduce((n, v) => n + values(v).length, 0) +
  Object.values(match.tags ?? {}).reduce((n, v) => n + values(v).length, 0);

const where = (path: Array<string | number>) =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/**
 * Every problem of rules already of the right shape (the API schema checks types, counts and lengths): a glob the
 * matcher refuses, a match that holds too many patterns or none, a fact the source's kind cannot record (tags on a
 * git source) or that it was not asked to (owners without the git config's codeowners file).
 */
export function rulesProblems(
  rules: readonly SourceRule[],
  kind: string,
  options: { codeowners?: boolean } = {},
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const facts = FACTS_OF_KIND[kind] ?? [];
  if (rules.length > RULE_LIMITS.rules) {
    problems.push({
      message: `rules may hold at most ${RULE_LIMITS.rules} rules (got ${rules.length})`,
      path: ['rules'],
      hint: 'Merge rules that give the same roles: one rule may list several path patterns.',
    });
    return problems;
  }
  rules.forEach(({ match }, i) => {
    const at = ['rules', i, 'match'];
    const count = patternCount(match);
    if (count === 0) {
      problems.push({
        message: `${where(at)} must hold at least one condition (paths, metadata, tags or owners)`,
        path: at,
        hint: "A document no rule matches gets the source's own roleIds and attributes: no catch-all rule is needed.",
      });
    }
    if (count > RULE_LIMITS.patterns) {
      problems.push({
        message: `${where(at)} holds ${count} patterns, more than the ${RULE_LIMITS.patterns} a rule may hold (paths, owners, metadata and tag values together)`,
        path: at,
        hint: 'Split the rule in two rules giving the same roles.',
      });
    }
    (match.paths ?? []).forEach((glob, j) => {
      const problem = globProblem(glob);
      if (problem) {
        problems.push({
          message: `${where([...at, 'paths', j])} ${problem}`,
          path: [...at, 'paths', j],
          hint: 'Write globs relative to the source (docs/**/*.md); see the sources guide for the syntax.',
        });
      }
    });
    for (const fact of ['metadata', 'tags', 'owners'] as const) {
      if (match[fact] === undefined) continue;
      if (!facts.includes(fact)) {
        problems.push({
          message: `${where([...at, fact])} is not available on a ${kind} source (${kind} rules match ${['paths', ...facts].join(', ')})`,
          path: [...at, fact],
          hint:
            fact === 'owners'
              ? 'owners come from a git repository\'s CODEOWNERS file (the git config\'s "codeowners").'
              : 'metadata and tags are those of S3 objects (s3 sources).',
        });
      } else if (fact === 'owners' && !options.codeowners) {
        problems.push({
          message: `${where([...at, fact])} needs the source to read a CODEOWNERS file: set config.codeowners`,
          path: [...at, fact],
          hint: 'Give the file\'s path in the repository, for example "config": {"codeowners": ".github/CODEOWNERS"}.',
        });
      }
    }
  });
  return problems;
}

/** A source's rules as stored (a JSON column): a list, or none. */
export function storedRules(value: unknown): SourceRule[] {
  return Array.isArray(value) ? (value as SourceRule[]) : [];
}

/** The same roles, in any order. */
export const sameRoles = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((r) => set.has(r));
};
