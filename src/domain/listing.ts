// How much of an item a listing carries: the knowledge list, the metadata search, a space's files and the search
// results each show an item's content (a text item's whole text, up to TEXT_MAX_CHARACTERS: a million) cut to
// this many characters, so one answer of up to a hundred items stays about a megabyte whatever the items hold.
// The item's own read (GET …/knowledge/{knowledgeId}) answers the whole text.
export const LISTED_CONTENT_MAX_CHARS = 10_000;

/** What a category listing shows of a text item, which has no URL: its first 500 characters, as a search result. */
export const CATEGORY_SHOWN_CHARS = 500;
