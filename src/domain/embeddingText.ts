// What text a chunk's vector is computed from ("contextual chunk headers"). The stored chunk, and so the
// keyword side and what search returns, is the chunk alone; only the vector may see more. The service embeds
// with EMBEDDING_TEXT_SCHEME (`title`), recorded beside each vector (migration 0034); with identifier-shaped
// queries matching any lexeme it gained on both kinds of the labelled set (docs/explanation/retrieval-quality.md,
// "Contextual chunk headers"), where bench/retrieval embeds each scheme through this function, so a scheme
// means the same text wherever it is built.

/**
 * `chunk`: the chunk alone. `title`: the item's title on a line of its own, then the chunk.
 * `title-heading`: `<title> — <section heading path>` then the chunk (the chunk alone if neither is known).
 */
export const EMBEDDING_TEXT_SCHEMES = ['chunk', 'title', 'title-heading'] as const;
export type EmbeddingTextScheme = (typeof EMBEDDING_TEXT_SCHEMES)[number];

/** The scheme the service builds vectors with: ingestion, chunk edits and the re-embed workflow. */
export const EMBEDDING_TEXT_SCHEME: EmbeddingTextScheme = 'title';

export interface ChunkContext {
  /** The item's title; blank or missing leaves it out. */
  title?: string | null;
  /** The section headings the chunk sits under, outermost first. */
  headings?: readonly string[];
}

/** A one-line header: whitespace collapsed, so a title cannot add lines of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function embeddingText(scheme: EmbeddingTextScheme, context: ChunkContext, chunk: string): string {
  if (scheme === 'chunk') return chunk;
  const title = oneLine(context.title ?? '');
  const headings = scheme === 'title-heading' ? (context.headings ?? []).map(oneLine).filter(Boolean) : [];
  const header = [title, headings.join(' › ')].filter(Boolean).join(' — ');
  return header ? `${header}\n${chunk}` : chunk;
}
