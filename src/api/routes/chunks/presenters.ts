import type { ChunkRow } from '../../../db/repositories/chunks';
import { countTokens } from '../../../domain/tokens';
import type { Chunk } from './schema';

export function presentChunk(row: ChunkRow): Chunk {
  return {
    id: row.id,
    knowledgeId: row.knowledge_id,
    text: row.content,
    page: row.page_number,
    position: row.chunk_index,
    headings: row.heading_path ?? [],
    tokenCount: countTokens(row.content),
    enabled: row.enabled,
    origin: row.origin,
    editedAt: row.edited_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
