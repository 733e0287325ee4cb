// Test embedding providers (a stand-in for a model, where which model embedded a text is what a test checks).
import { createHash } from 'node:crypto';
import type { EmbeddingProvider } from '../../src/embeddings/provider';
import { seededVector } from './factories';

const seedOf = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

/** Each text's vector drawn from its hash and the provider's own salt; counts the texts and queries it embedded. */
export function testProvider(
  model: string,
  salt: number,
  dimension = 8,
): EmbeddingProvider & { documents: number; queries: number } {
  const embed = (t: string) => seededVector(dimension, (seedOf(t) + salt) % 2 ** 31);
  const p = {
    name: 'test',
    model,
    modelVersion: `${model}-v1`,
    dimension,
    documents: 0,
    queries: 0,
    async embedDocuments(texts: string[]) {
      p.documents += texts.length;
      return texts.map(embed);
    },
    async embedQuery(t: string) {
      p.queries += 1;
      return embed(t);
    },
    close: async () => undefined,
  };
  return p;
}
