// Builds the configured embedding provider: the local ONNX model (default) or an OpenAI-compatible API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLocalEmbeddingProvider } from './local';
import { createOpenAIEmbeddingProvider } from './openai';
import { EmbeddingError, type EmbeddingProvider } from './provider';
import { operatorServerPolicy } from '../web/fetch';
import type { OwnComponents } from '../web/ownComponents';

export { EmbeddingError, l2Normalize } from './provider';
export type { EmbeddingErrorCode, EmbeddingProvider } from './provider';
export { createLocalEmbeddingProvider, type LocalEmbeddingOptions } from './local';
export { readModelInfo, type ModelInfo } from './modelFiles';
export { createOpenAIEmbeddingProvider } from './openai';
export type { OpenAIEmbeddingOptions } from './openai';

/** Where scripts/fetch-model.sh puts the local model, relative to the repository root. */
export const DEFAULT_LOCAL_MODEL_DIR = '.tools/models/all-MiniLM-L6-v2';

/**
 * A model's directory where `npm run setup` provisions it: under KWS_TOOLS_DIR when that is set (resolved from the
 * working directory, as setup and the configuration read it), else under the repository's own .tools. For the
 * tests and benchmarks, which name models by hand; the service reads EMBEDDING_MODEL_DIR or KWS_TOOLS_DIR (config).
 */
export function provisionedModelDir(
  repoRoot: string,
  name = 'all-MiniLM-L6-v2',
  env: NodeJS.ProcessEnv = process.env,
): string {
  return env.KWS_TOOLS_DIR
    ? path.resolve(env.KWS_TOOLS_DIR, 'models', name)
    : path.join(repoRoot, '.tools', 'models', name);
}

export interface EmbeddingSettings {
  provider: 'local' | 'openai';
  /** The local model's directory (MODEL_INFO.json, model.onnx, vocab.txt). */
  modelDir: string;
  baseUrl?: string;
  apiKey?: string;
  /** Required for 'openai'; for 'local', if set, must name the model in modelDir. */
  model?: string;
  /** Required for 'openai'; for 'local', if set, must equal the model's. */
  dimension?: number;
  batchSize: number;
  /** Local: onnxruntime intra-op threads (EMBEDDING_THREADS; unset here: onnxruntime's choice, one per physical core). */
  threads?: number;
  /** OpenAI: per-request timeout in ms (default 30 s). */
  timeoutMs?: number;
  /** OpenAI: query instruction the served model expects (the local model's comes from MODEL_INFO.json). */
  queryPrefix?: string;
}

/**
 * The provider the settings name; an OpenAI-compatible server is reached through the one door out, which
 * refuses the service's own components (`own`).
 */
export async function createEmbeddingProvider(
  settings: EmbeddingSettings,
  own: OwnComponents,
): Promise<EmbeddingProvider> {
  if (settings.provider === 'openai') {
    const missing = [
      ['baseUrl', 'EMBEDDING_BASE_URL'],
      ['model', 'EMBEDDING_MODEL'],
      ['dimension', 'EMBEDDING_DIMENSION'],
    ].filter(([key]) => settings[key as keyof EmbeddingSettings] === undefined);
    if (missing.length > 0) {
      throw new EmbeddingError(
        `The openai embedding provider needs ${missing.map(([, env]) => env).join(', ')}`,
        'INVALID_SETTINGS',
      );
    }
    return createOpenAIEmbeddingProvider({
      baseUrl: settings.baseUrl as string,
      apiKey: settings.apiKey,
      model: settings.model as string,
      dimension: settings.dimension as number,
      batchSize: settings.batchSize,
      timeoutMs: settings.timeoutMs,
      queryPrefix: settings.queryPrefix,
      policy: operatorServerPolicy(own),
    });
  }
  if (settings.provider !== 'local') {
    throw new EmbeddingError(`Unknown embedding provider ${JSON.stringify(settings.provider)}`, 'INVALID_SETTINGS');
  }
  const modelDir = path.resolve(settings.modelDir);
  if (!existsSync(modelDir)) {
    throw new EmbeddingError(
      `Local embedding model directory ${modelDir} does not exist: run "npm run setup" (scripts/fetch-model.sh ` +
        'fetches the model) or set EMBEDDING_MODEL_DIR',
      'MODEL_MISSING',
    );
  }
  const provider = await createLocalEmbeddingProvider({
    modelDir,
    batchSize: settings.batchSize,
    threads: settings.threads,
  });
  const mismatch =
    settings.dimension !== undefined && settings.dimension !== provider.dimension
      ? `EMBEDDING_DIMENSION is ${settings.dimension} but the model in ${modelDir} answers ${provider.dimension}`
      : settings.model !== undefined && settings.model !== provider.model
        ? `EMBEDDING_MODEL is ${settings.model} but ${modelDir} holds ${provider.model}`
        : undefined;
  if (mismatch) {
    await provider.close();
    throw new EmbeddingError(mismatch, 'INVALID_SETTINGS');
  }
  return provider;
}
