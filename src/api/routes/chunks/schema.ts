// The chunks API (README "Chunks"): an item's chunks paged, a chunk's change, a chunk added by hand.
import { z } from 'zod';
import { longerThan } from '../../../domain/text';
import { NON_BLANK, timestamp, uuid } from '../../openapi/operation';
import { KnowledgeListQuerySchema } from '../knowledge/schema';

/** Longest chunk text, in characters (code points, as the document's maxLength counts them). */
export const MAX_CHUNK_CHARACTERS = 4000;
/** Highest position a new chunk may ask for (a position past the item's last chunk appends). */
export const MAX_CHUNK_POSITION = 10_000_000;

const MISSING = 'Missing required field';
const TEXT_TOO_LONG = `text must be at most ${MAX_CHUNK_CHARACTERS} characters`;
const TEXT_EMPTY = 'text must not be empty';
const ENABLED_MESSAGE = 'enabled must be a boolean';
const POSITION_MESSAGE = `position must be an integer from 0 to ${MAX_CHUNK_POSITION}`;
export const ChunkSchemaMessages = {
  textTooLong: TEXT_TOO_LONG,
  textEmpty: TEXT_EMPTY,
  textType: 'text must be a string',
  enabled: ENABLED_MESSAGE,
  position: POSITION_MESSAGE,
  changeNeedsField: 'text or enabled is required',
} as const;

const withinLength = (s: string) => !longerThan(s, MAX_CHUNK_CHARACTERS);

const chunkText = (description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? MISSING : ChunkSchemaMessages.textType) })
    .refine(withinLength, { message: TEXT_TOO_LONG })
    .refine((s) => s.trim() !== '', { message: TEXT_EMPTY })
    .meta({ pattern: NON_BLANK, minLength: 1, maxLength: MAX_CHUNK_CHARACTERS, description });

/** GET …/chunks: the list's page and limit conventions. */
export const ChunkListQuerySchema = KnowledgeListQuerySchema.pick({ page: true, limit: true });

export const UpdateChunkSchema = z
  .strictObject(
    {
      text: chunkText('The new text: re-embedded and re-indexed for keyword search at once').optional(),
      enabled: z
        .boolean({ error: ENABLED_MESSAGE })
        .meta({ description: 'false: the chunk stays but no search, RAG or tool reads it; true: back' })
        .optional(),
    },
    // An unknown field is named by the validator ("Unknown field: …"), whatever this says.
    { error: ChunkSchemaMessages.changeNeedsField },
  )
  .refine((b) => b.text !== undefined || b.enabled !== undefined, {
    message: ChunkSchemaMessages.changeNeedsField,
    params: {
      code: 'missing_field',
      param: 'text, enabled',
      hint: "Send text (the chunk's new text, re-embedded at once) or enabled (false hides the chunk from search), or both.",
    },
  })
  .meta({ minProperties: 1 });
export type UpdateChunkInput = z.infer<typeof UpdateChunkSchema>;

export const CreateChunkSchema = z.strictObject(
  {
    text: chunkText('The text: embedded and searchable at once'),
    position: z
      .int({ error: POSITION_MESSAGE })
      .min(0, { message: POSITION_MESSAGE })
      .max(MAX_CHUNK_POSITION, { message: POSITION_MESSAGE })
      .meta({
        description:
          "Where it goes among the item's chunks, from 0 (the chunks from there move one place on); default and " +
          'past the last chunk: last',
      })
      .optional(),
  },
  {
    error: MISSING,
  },
);
export type CreateChunkInput = z.infer<typeof CreateChunkSchema>;

export const ChunkSchema = z
  .strictObject({
    id: uuid('The chunk'),
    knowledgeId: uuid('Its item'),
    text: z.string(),
    page: z.int().min(1).meta({
      description: 'The page of the item it comes from (a manual chunk: that of the chunk it was added before)',
    }),
    position: z.int().min(0).meta({ description: "Its place among the item's chunks, from 0" }),
    headings: z.array(z.string()).meta({
      description:
        'The section headings it starts under, outermost first (Markdown, HTML pages, .docx, and the title line a ' +
        'plain text opens with: a .txt file, a text item; empty for other formats, for a chunk added by hand and ' +
        'for chunks indexed before heading paths were recorded)',
    }),
    tokenCount: z
      .int()
      .min(0)
      .meta({
        description:
          'Words, punctuation marks and CJK characters in the text, as the embedding tokenizer splits them before ' +
          'sub-words (the model may count more)',
      }),
    enabled: z.boolean().meta({ description: 'false: no search, RAG or tool reads it' }),
    origin: z.enum(['extracted', 'manual']).meta({ description: 'extracted by ingestion, or manual: added by hand' }),
    editedAt: timestamp.nullable().meta({ description: 'When its text was last edited by hand; null: never' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Chunk' });
export type Chunk = z.infer<typeof ChunkSchema>;

export const ChunkListSchema = z.strictObject({
  chunks: z.array(ChunkSchema),
  total: z.int().min(0),
  page: z.int().min(1),
  limit: z.int().min(1),
});
