// An embedding provider that reports to the metrics: chunks embedded (rate = chunks/s) and the
// duration of each call, for any provider.
import type { Metrics } from '../observability/metrics';
import type { EmbeddingProvider } from './provider';

export function instrumentEmbeddings(provider: EmbeddingProvider, metrics: Metrics): EmbeddingProvider {
  const labels = { provider: provider.name };
  return {
    name: provider.name,
    model: provider.model,
    modelVersion: provider.modelVersion,
    dimension: provider.dimension,
    async embedDocuments(texts) {
      const end = metrics.embeddingBatchDuration.startTimer({ ...labels, kind: 'documents' });
      const vectors = await provider.embedDocuments(texts);
      end();
      metrics.embeddedChunks.inc(labels, texts.length);
      return vectors;
    },
    async embedQuery(text) {
      const end = metrics.embeddingBatchDuration.startTimer({ ...labels, kind: 'query' });
      const vector = await provider.embedQuery(text);
      end();
      return vector;
    },
    close: () => provider.close(),
  };
}
