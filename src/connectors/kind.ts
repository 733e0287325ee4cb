// A source kind (website, s3, git, and next ones such as Confluence or Google Drive) is one module behind
// this interface. A sync lists the source, compares each entry's fingerprint with the one stored at the
// last sync, fetches only what changed, and removes from the workspace what is no longer listed. Every
// request a kind makes to the outside goes through the one outbound door (src/web/fetch.ts) and its
// address policy.
import type { PageHeading } from '../extract/headings';
import type { WebSettings } from '../web/document';
import type { AddressPolicy } from '../web/fetch';
import type { DocumentFacts, FactKind } from './sourceRules';

/** One document as the source lists it. */
export interface SourceEntry {
  /** Stable key of the document within its source: a page URL, an object key, a path in the repository. */
  key: string;
  /** Changes whenever the content changes (an HTTP ETag or Last-Modified, an object ETag, a git blob id). */
  fingerprint: string;
  /** A file name for the document (its extension picks the extractor when no mimetype is known). */
  filename: string;
  /** Size in bytes when the listing tells it. */
  size?: number;
  /**
   * What the source's rules may match (src/connectors/sourceRules.ts): the document's path within the source
   * and, when asked for (SourceContext.facts), its metadata, tags or owners. Absent: the path is the key.
   */
  facts?: DocumentFacts;
}

/** A listed document's content. */
export interface FetchedDocument {
  bytes: Buffer;
  filename: string;
  mimetype?: string;
  /** The fingerprint of what was fetched (it may be newer than the listing's). */
  fingerprint: string;
  /** The document's address, when it has one (a file a website links to): its item's url. */
  url?: string;
  /**
   * A web page (its `bytes` are its title and main text, UTF-8): it becomes a URL item at `url`, as a crawled
   * page always has, instead of a FILE item.
   */
  page?: WebPage;
}

/** What a fetched web page tells about itself. */
export interface WebPage {
  /** The page's canonical URL (the item's url and content). */
  url: string;
  /** The address it was fetched from, after redirects. */
  finalUrl: string;
  title: string;
  excerpt?: string;
  language?: string;
  /** Where its section headings (h1-h6) start in the stored text (the document's bytes); none: absent. */
  headings?: PageHeading[];
}

/** What a kind gets from the sync that runs it. */
export interface SourceContext {
  /** Aborted when the sync is cancelled or times out; every wait honours it. */
  signal: AbortSignal;
  /** Called during long work (the activity heartbeats with it). */
  heartbeat(detail?: unknown): void;
  /** The fingerprint each key had at the last sync (empty on the first). */
  previous: ReadonlyMap<string, string>;
  /**
   * The outbound address policy every connection of the kind goes under: the deployment's private-network
   * setting, and the service's own components, refused whatever that setting.
   */
  addressPolicy: AddressPolicy;
  /** The deployment's crawl settings (user agent, timeouts, size caps, politeness delay) for web kinds. */
  web?: WebSettings;
  /** The facts beyond the path the source's rules read, which the listing records (s3: metadata, tags). */
  facts?: ReadonlySet<FactKind>;
}

/** Why a sync failed, in words an operator can act on; a sync that fails this way deletes nothing. */
export class SourceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceUnavailableError';
  }
}

export interface SourceKind<Config, Secrets> {
  readonly kind: string;
  /** Every document the source holds now. A listing that fails part way throws SourceUnavailableError. */
  list(ctx: SourceContext, config: Config, secrets: Secrets): AsyncIterable<SourceEntry>;
  /** One listed document's content. */
  fetch(ctx: SourceContext, config: Config, secrets: Secrets, entry: SourceEntry): Promise<FetchedDocument>;
}
