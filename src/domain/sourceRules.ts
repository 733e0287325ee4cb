// The shapes of a source's rules and of what a listing records for them, shared by the rows, the connectors that
// evaluate them (src/connectors/sourceRules.ts) and the API. No logic here.
import type { Attributes } from './filter';

/** What a rule's match may test, beyond the path: object metadata and tags (s3), CODEOWNERS owners (git). */
export type FactKind = 'metadata' | 'tags' | 'owners';

/** One value or any of several. */
export type OneOrMore = string | string[];

export interface RuleMatch {
  /** Globs on the document's path within the source (any of them). */
  paths?: string[];
  /** s3: user metadata (x-amz-meta-*), keys compared case-insensitively; every key must hold one of its values. */
  metadata?: Record<string, OneOrMore>;
  /** s3: object tags; every key must hold one of its values. */
  tags?: Record<string, OneOrMore>;
  /** git: CODEOWNERS owners (@org/team, @user or an email), compared case-insensitively (any of them). */
  owners?: string[];
}

export interface SourceRule {
  match: RuleMatch;
  /** The roles a matching document gets (absent: the source's own). */
  roleIds?: string[];
  /** Attributes a matching document gets over the source's (absent: only the source's). */
  attributes?: Attributes;
}

/** What a listing recorded of a document, which a match reads. */
export interface DocumentFacts {
  /** The document's path within the source: an s3 key after the prefix, a repository path, a URL's path. */
  path: string;
  metadata?: Record<string, string>;
  tags?: Record<string, string>;
  owners?: string[];
}

/** What a knowledge.roles_changed says of one document (sent for documents whose roles a sync or a rules job changed). */
export interface RolesEvent {
  knowledgeId: string;
  key: string;
  /** The rule that gives the roles now (0: the source's default; null: the source has no rules). */
  rule: number | null;
  roleIds: string[];
  previousRoleIds: string[];
  /** What changed them: a sync (its id) or a change of the source's rules (the rules version applied). */
  cause: { syncId: string } | { rulesVersion: number };
}

/** How a role assignment a source's rule made names it: "source rule 2", or "source default" (no rule matched). */
export type RuleVia = 'source default' | `source rule ${number}`;
export const ruleLabel = (rule: number): RuleVia => (rule === 0 ? 'source default' : `source rule ${rule}`);

/** How a role reaches an item: assigned to it by hand, to its parent, or by a rule of the source it came from. */
export type RoleVia = 'direct' | 'parent' | RuleVia;

/**
 * The failure type of a source sync's job whose sync failed (src/workflows/syncSource.ts): its message is the
 * reason the sync records, which names the source's bucket, endpoint or repository.
 */
export const SYNC_FAILED = 'SyncFailed';
