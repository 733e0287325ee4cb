// The provider a process embeds with: it follows the re-embed switch without a restart. It holds a provider
// for each model the process can run (EMBEDDING_MODEL_DIR and, when set, EMBEDDING_NEXT_MODEL_DIR) and embeds
// every query and every batch with the one the deployment's embedding space names as live.
import { unavailable } from '../errors';
import type { EmbeddingProvider } from './provider';

/** The live model as the embedding space records it. */
export interface LiveModel {
  model: string;
  modelVersion: string;
}

/**
 * `readLive` is read for every call (it is a one-row primary-key read; concurrent calls share one read), so
 * the first query after a switch is embedded with the new model. The live model is matched by version (as
 * the write of a chunk's vectors checks it); a process with no provider for it answers 503 rather than
 * embedding with a model whose vectors are not the ones searched.
 */
export function createLiveModelProvider(
  providers: EmbeddingProvider[],
  readLive: () => Promise<LiveModel | undefined>,
): EmbeddingProvider {
  const first = providers[0];
  if (!first) throw new Error('createLiveModelProvider needs at least one provider');
  let current: EmbeddingProvider = first;
  let reading: Promise<EmbeddingProvider> | undefined;

  const choose = (live: LiveModel | undefined): EmbeddingProvider => {
    if (!live) return first; // no space recorded yet: the configured model will be
    const chosen = providers.find((p) => p.modelVersion === live.modelVersion);
    if (!chosen) {
      throw unavailable(
        `This server has no embedding model for the live vectors (${live.model}, ${live.modelVersion}); ` +
          'it must be restarted with EMBEDDING_MODEL_DIR set to that model',
      );
    }
    current = chosen;
    return chosen;
  };
  const live = (): Promise<EmbeddingProvider> => {
    reading ??= readLive()
      .then(choose)
      .finally(() => (reading = undefined));
    return reading;
  };

  return {
    get name() {
      return current.name;
    },
    get model() {
      return current.model;
    },
    get modelVersion() {
      return current.modelVersion;
    },
    get dimension() {
      return current.dimension;
    },
    live,
    embedDocuments: async (texts) => (await live()).embedDocuments(texts),
    embedQuery: async (text) => (await live()).embedQuery(text),
    async close() {
      for (const p of providers) await p.close();
    },
  };
}
