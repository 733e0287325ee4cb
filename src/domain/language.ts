// A language tag as the service reads one (BCP 47's shape: a primary subtag of 2 or 3 letters, then subtags of 2 to
// 8 letters or digits): an item's language as a request gives it, a crawled page's <html lang>, and the language a
// RAG request narrows its passages to (compared exactly with the item's).
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The language a request's free metadata names (`metadata.language`, a string), if any. */
export const metadataLanguage = (metadata: Record<string, unknown> | undefined): string | undefined =>
  typeof metadata?.language === 'string' ? metadata.language : undefined;
