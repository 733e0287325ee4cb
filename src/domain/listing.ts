// How much of an item a listing carries: the knowledge list, the metadata search, a space's files and the search
// results each show an item's content (a text item's whole text, up to TEXT_MAX_CHARACTERS: a million) cut to
// this many characters, so one answer of up to a hundred items stays about a megabyte whatever the items hold.
// The item's own read (GET …/knowledge/{knowledgeId}) answers the whole text.
export const LISTED_CONTENT_MAX_CHARS = 10_000;

/**
 * What a result shows of a text: a search result's excerpt, and the `url` of a text item (which has none) in search
 * results and category listings.
 */
export const EXCERPT_CHARS = 500;
