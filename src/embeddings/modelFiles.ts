// The local model's files: MODEL_INFO.json (what the model is), model.onnx and vocab.txt, as
// scripts/fetch-model.sh writes them.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EmbeddingError } from './provider';
import { BERT_SPECIAL_TOKENS } from './wordpiece';

/** MODEL_INFO.json, written by scripts/fetch-model.sh (and the other fetch-*-model scripts). */
const ModelInfoSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  dimension: z.number().int().positive(),
  source: z.string(),
  /** 'mean' (sentence-transformers MiniLM and MPNet) or 'cls' (bge). */
  pooling: z.enum(['mean', 'cls']),
  maxTokens: z.number().int().min(8).max(8192),
  /** The model's query instruction, e.g. bge's "Represent this sentence for searching relevant passages: ". */
  queryPrefix: z.string().default(''),
  /** What the model expects before a passage, e.g. e5's "passage: " (beside its "query: "). */
  passagePrefix: z.string().default(''),
  doLowerCase: z.boolean(),
  /** The tokenizer's special tokens: BERT's by default; MPNet's are <s> </s> <pad> [UNK]. */
  specialTokens: z
    .object({ cls: z.string().min(1), sep: z.string().min(1), pad: z.string().min(1), unk: z.string().min(1) })
    .default(BERT_SPECIAL_TOKENS),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const MODEL_FILE = 'model.onnx';
export const VOCAB_FILE = 'vocab.txt';
const INFO_FILE = 'MODEL_INFO.json';

export async function readModelInfo(modelDir: string): Promise<ModelInfo> {
  const file = path.join(modelDir, INFO_FILE);
  for (const name of [INFO_FILE, MODEL_FILE, VOCAB_FILE]) {
    if (!existsSync(path.join(modelDir, name))) {
      throw new EmbeddingError(
        `Local embedding model not found: ${path.join(modelDir, name)} is missing. Run "npm run setup" ` +
          '(scripts/fetch-model.sh fetches it) or point EMBEDDING_MODEL_DIR at a model directory.',
        'MODEL_MISSING',
      );
    }
  }
  const parsed = ModelInfoSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new EmbeddingError(`${file} is invalid (${details}); re-run scripts/fetch-model.sh`, 'INVALID_SETTINGS');
  }
  return parsed.data;
}
