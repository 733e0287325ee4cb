// The shapes of the API answers the console reads (a subset of the published OpenAPI document's schemas).
export interface Knowledge {
  id: string;
  type: string;
  content: string;
  url: string | null;
  status: 'COMPLETED' | 'BACKGROUND_START' | 'BACKGROUND_ERROR';
  messageError?: string;
  metadata: { title: string; [k: string]: unknown };
  attributes: Record<string, string | number | boolean>;
  parentId: string | null;
  version: number;
  createdAt: string;
}
export interface Role {
  id: string;
  name: string;
  description: string | null;
  customerRoleId: string | null;
}
export interface RbacStatus {
  rbacEnabled: boolean;
  rbacStatus: 'ACTIVE' | 'INACTIVE';
}
export interface JobState {
  jobId: string;
  status: string;
  type?: string;
  error?: string;
  progress?: { pagesDone?: number; pagesDiscovered?: number; pagesFailed?: number; pagesSkipped?: number };
}
export interface SearchHit {
  id: string;
  title: string;
  content: string;
  score: number;
  /** The section headings the item's best passage sits under, outermost first (every search mode). */
  headings?: string[];
  explain?: {
    semantic: number | null;
    keyword: number | null;
    fused: number | null;
    rerank: number | null;
    /** Hybrid mode, a prose query: the passage's likeness to the first result's best passage (feedback). */
    feedback?: number;
    roles?: Array<{ id: string; name: string; via: string }>;
  };
}
/** How a role reaches an item: assigned to it, to its parent, or by a rule of the source it came from. */
export type RoleVia = 'direct' | 'parent' | 'source default' | `source rule ${number}`;
export interface KnowledgeAccess {
  visible: boolean;
  hiddenBy: string | null;
  reasons: Array<{ rule: string; message: string }>;
  via: RoleVia | null;
  roles: Array<{ id: string; name: string; via: RoleVia }>;
  /** For an item a source with rules brought: the rule it matched. */
  sourceRule?: { sourceId: string; sourceName: string; rule: number | null; label: string; roleIds: string[] } | null;
  chunks: { total: number; enabled: number };
}
/** A source (GET …/sources), as far as the console shows it. */
export interface Source {
  id: string;
  kind: string;
  name: string;
  rules: unknown[];
}
/** A source's rules with the documents each gives roles to (GET …/sources/{id}/rules). */
export interface SourceRules {
  rbacStatus: 'ACTIVE' | 'INACTIVE';
  rules: Array<{ rule: number; match: Record<string, unknown>; roleIds: string[]; documents: number }>;
  default: { rule: 0; roleIds: string[]; documents: number };
  documents: number;
  pending: number;
  unreached: { count: number; documents: Array<{ knowledgeId: string; title: string; key: string | null }> };
}
/** One of the workspace's recent jobs (GET …/background-jobs). */
export interface ListedJob {
  jobId: string;
  kind: string;
  type: string;
  status: string;
  startedAt: string;
  closedAt: string | null;
  knowledgeId: string | null;
}
/** Jobs this console started in this session, newest first (followed live by the views that start them). */
export interface StartedJob {
  jobId: string;
  what: string;
}
