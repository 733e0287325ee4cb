// What text a chunk's vector is computed from ("contextual chunk headers"). The stored chunk, and so the
// keyword side and what search returns, is the chunk alone; only the vector may see more. A deployment embeds
// with the scheme EMBEDDING_TEXT_SCHEME names (src/config.ts; `chunk` unless set), recorded beside each vector
// (migration 0034). bench/retrieval embeds each scheme through this function, so a scheme means the same text
// wherever it is built (docs/explanation/retrieval-quality.md, "Title in the embedded text").
//
// `header-mix` keeps two vectors per chunk: the chunk's own (`embedding`, what identifier-shaped queries search)
// and a prose vector (`embedding_prose`, migration 0038), the chunk's own plus HEADER_MIX_WEIGHT times its
// header's, normalised (proseVector), which prose queries search (services/search, "Two vectors per chunk").

import { cutAt } from './text';

/**
 * `chunk`: the chunk alone. `title`: the item's title on a line of its own, then the chunk.
 * `title-heading`: `<title> — <section heading path>` then the chunk (the chunk alone if neither is known).
 * `heading`: the section heading path then the chunk (the chunk alone under no heading).
 */
export const EMBEDDING_TEXT_SCHEMES = ['chunk', 'title', 'title-heading', 'heading', 'header-mix'] as const;
export type EmbeddingTextScheme = (typeof EMBEDDING_TEXT_SCHEMES)[number];

/**
 * The schemes a deployment may embed with (EMBEDDING_TEXT_SCHEME). `title-heading` reads each chunk's heading
 * path, recorded by ingestion since migration 0035 (src/extract/headings.ts); `heading` stays a bench variant.
 */
export const DEPLOYMENT_TEXT_SCHEMES = [
  'header-mix',
  'chunk',
  'title',
  'title-heading',
] as const satisfies readonly EmbeddingTextScheme[];
export type DeploymentTextScheme = (typeof DEPLOYMENT_TEXT_SCHEMES)[number];

/**
 * The default: the chunk alone for identifier-shaped queries and the header-mixed prose vector for prose ones
 * (own set, hybrid nDCG@10 0.819 / 0.755 / 0.948 against 0.796 / 0.721 / 0.948 with `chunk`, RAG passages and the
 * evidence an agent is handed no worse). `title` and `title-heading` (with identifier-shaped queries on,
 * services/search) rank pages well on both kinds but put the answering chunk among an agent's passages less
 * often (docs/explanation/retrieval-quality.md), so they are the operator's choice.
 */
export const DEFAULT_EMBEDDING_TEXT_SCHEME: DeploymentTextScheme = 'header-mix';

/** What builds vectors (ingestion, chunk edits, links, the re-embed workflow): the deployment's scheme. */
export interface TextSchemeDeps {
  /** EMBEDDING_TEXT_SCHEME; DEFAULT_EMBEDDING_TEXT_SCHEME when absent. */
  textScheme?: DeploymentTextScheme;
}

export const textSchemeOf = (deps: TextSchemeDeps): DeploymentTextScheme =>
  deps.textScheme ?? DEFAULT_EMBEDDING_TEXT_SCHEME;

/** Whether the scheme's text carries the item's title (so a caller reads it first). */
export const carriesTitle = (scheme: EmbeddingTextScheme): boolean =>
  scheme === 'title' || scheme === 'title-heading' || scheme === 'header-mix';

/** Whether the scheme keeps a prose vector beside each chunk's own (`header-mix`). */
export const keepsProseVectors = (scheme: EmbeddingTextScheme): boolean => scheme === 'header-mix';

/** The header's weight in a prose vector: the weight measured best of 0.1, 0.2 and 0.3 (retrieval-quality.md). */
export const HEADER_MIX_WEIGHT = 0.3;

export interface ChunkContext {
  /** The item's title; blank or missing leaves it out. */
  title?: string | null;
  /** The section headings the chunk sits under, outermost first. */
  headings?: readonly string[];
}

/**
 * The longest header, in characters: a long title and a deep heading path (six headings of up to 200
 * characters) would otherwise fill the model's input before the chunk (all-MiniLM-L6-v2 reads 256 tokens).
 */
export const MAX_HEADER_CHARS = 300;

/** A one-line header: whitespace collapsed, so a title cannot add lines of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function embeddingText(scheme: EmbeddingTextScheme, context: ChunkContext, chunk: string): string {
  if (scheme === 'chunk' || scheme === 'header-mix') return chunk;
  const title = scheme === 'heading' ? '' : oneLine(context.title ?? '');
  // A heading that repeats the title (a Markdown file's `# Title`, a page's h1) is said once.
  const headings =
    scheme === 'title-heading' || scheme === 'heading'
      ? (context.headings ?? []).map(oneLine).filter((h) => h && h.toLowerCase() !== title.toLowerCase())
      : [];
  const header = cutAt([title, headings.join(' › ')].filter(Boolean).join(' — '), MAX_HEADER_CHARS).trimEnd();
  return header ? `${header}\n${chunk}` : chunk;
}

/**
 * A chunk's header (`header-mix`): the `title-heading` line without the chunk, or '' when neither a title nor a
 * heading is known.
 */
export const headerText = (context: ChunkContext): string => embeddingText('title-heading', context, '').trimEnd();

/**
 * The prose vector: normalize(own + weight · header), both unit vectors of one model. Without a header (or a
 * degenerate sum) the chunk's own vector.
 */
export function proseVector(own: readonly number[], header: readonly number[] | undefined, weight = HEADER_MIX_WEIGHT) {
  if (!header) return [...own];
  const sum = own.map((x, i) => x + weight * (header[i] ?? 0));
  const norm = Math.sqrt(sum.reduce((acc, x) => acc + x * x, 0));
  return norm > 0 && Number.isFinite(norm) ? sum.map((x) => x / norm) : [...own];
}
