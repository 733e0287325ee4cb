// The order of the knowledge operations, said once: the router mounts its routes in it and the document lists the
// operations in it, so openapi.json, the typed client, /docs and the credentials guide's route table keep the order
// they had before the routes were split by sub-resource. A new knowledge operation is added here, where /docs
// should list it.
export const KNOWLEDGE_ORDER = [
  'listKnowledge',
  'createLink',
  'createTextSource',
  'createUrlSource',
  'createWebsiteSource',
  'uploadFile',
  'searchKnowledgeByMetadata',
  'getUploadFileMetadata',
  'getKnowledge',
  'updateKnowledge',
  'replaceKnowledgeFile',
  'refetchKnowledge',
  'restoreKnowledgeVersion',
  'listKnowledgeVersions',
  'updateReservedField',
  'deleteKnowledge',
  'recrawlWebsite',
  'deleteKnowledgeCascade',
  'searchKnowledge',
  'getRetrievalSettings',
  'setRetrievalSettings',
  'searchKnowledgeByTitle',
  'searchKnowledgeByTitleV1',
];

/** The values of byId (keyed by operation id) in KNOWLEDGE_ORDER; throws when one is missing there or here. */
export function inKnowledgeOrder<T>(byId: Readonly<Record<string, T>>, what: string): T[] {
  const unlisted = Object.keys(byId).filter((id) => !KNOWLEDGE_ORDER.includes(id));
  const missing = KNOWLEDGE_ORDER.filter((id) => !(id in byId));
  if (unlisted.length > 0 || missing.length > 0) {
    throw new Error(
      `knowledge ${what}s and KNOWLEDGE_ORDER differ: not in the order ${unlisted.join(', ') || '-'}; ` +
        `no ${what} for ${missing.join(', ') || '-'}`,
    );
  }
  return KNOWLEDGE_ORDER.map((id) => byId[id] as T);
}
