// The source kinds the service knows, each with the schemas of its config (stored, returned) and its
// secrets (sealed, never returned). A next kind is its module plus one line here.
import type { z } from 'zod';
import type { SourceKind } from './kind';
import { GitConfigSchema, GitSecretsSchema, gitSourceKind } from './git';
import { S3ConfigSchema, S3SecretsSchema, s3DocumentPath, s3Kind } from './s3';
import { pagePath, StoredWebsiteConfigSchema, WebsiteConfigSchema, websiteKind } from './website';

export interface RegisteredKind {
  kind: SourceKind<unknown, unknown>;
  config: z.ZodType<Record<string, unknown>>;
  /** The config as a sync reads it back (the API's schema when the kind has no other). */
  storedConfig: z.ZodType<Record<string, unknown>>;
  secrets?: z.ZodType<Record<string, unknown>>;
  /** What the README and the API document say of the kind. */
  description: string;
  /**
   * Where the kind sends its secrets (an origin, or for s3 the whole target): a config change that moves it drops
   * the stored secrets unless new ones come with it, so a changed URL never carries the old credentials to
   * another host.
   */
  destination(config: Record<string, unknown>): string;
  /** A document's path within the source (what the source's rules match), from its key. */
  documentPath(config: Record<string, unknown>, key: string): string;
  /**
   * Whether a fingerprint names the content (an object ETag, a git blob id): a document listed under a new key
   * with the fingerprint of one no longer listed moved, and keeps its item. (A website's pages are not: their
   * items' ids derive from their URLs.)
   */
  movable: boolean;
  /**
   * The address the kind connects to, checked when the source is created or its config changed (as a sync would
   * check it), with the field it came from; `httpsOnly`: plain http only where the deployment allows private
   * networks (a git token over http would travel in the clear).
   */
  target(config: Record<string, unknown>): { url: string; param: string; httpsOnly: boolean } | undefined;
}

const register = <C, S>(
  kind: SourceKind<C, S>,
  config: z.ZodType<C>,
  secrets: z.ZodType<S> | undefined,
  description: string,
  destination: (config: C) => string,
  documents: { path: (config: C, key: string) => string; movable: boolean },
  target: (config: C) => { url: string; param: string; httpsOnly: boolean } | undefined,
  storedConfig: z.ZodType<C> = config,
): RegisteredKind => ({
  kind: kind as SourceKind<unknown, unknown>,
  config: config as unknown as z.ZodType<Record<string, unknown>>,
  storedConfig: storedConfig as unknown as z.ZodType<Record<string, unknown>>,
  ...(secrets ? { secrets: secrets as unknown as z.ZodType<Record<string, unknown>> } : {}),
  description,
  destination: destination as unknown as (config: Record<string, unknown>) => string,
  documentPath: documents.path as unknown as (config: Record<string, unknown>, key: string) => string,
  movable: documents.movable,
  target: target as unknown as RegisteredKind['target'],
});

/** A URL's origin, compared case-insensitively (the raw text when it does not parse). */
function originOf(raw: string): string {
  try {
    return new URL(raw).origin.toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export const SOURCE_KINDS: Readonly<Record<string, RegisteredKind>> = {
  s3: register(
    s3Kind,
    S3ConfigSchema,
    S3SecretsSchema,
    'the objects of an S3-compatible bucket under a prefix; an object ETag is its fingerprint',
    // The whole target: virtual-hosted addressing sends the secrets to <bucket>.<host>, and another bucket is
    // another owner's, so the endpoint, the region, the bucket and the addressing style all bind them.
    (c) =>
      JSON.stringify([
        c.endpoint ? originOf(c.endpoint) : 'aws',
        c.region,
        c.bucket,
        c.forcePathStyle ? 'path' : 'virtual-hosted',
      ]),
    { path: (c, key) => s3DocumentPath({ prefix: c.prefix ?? '' }, key), movable: true },
    (c) => (c.endpoint ? { url: c.endpoint, param: 'config.endpoint', httpsOnly: true } : undefined),
  ),
  git: register(
    gitSourceKind,
    GitConfigSchema,
    GitSecretsSchema,
    'the files of one branch of a git repository (smart HTTP) matching path globs; a git blob id is its fingerprint',
    (c) => originOf(c.url),
    { path: (_c, key) => key, movable: true },
    (c) => ({ url: c.url, param: 'config.url', httpsOnly: true }),
  ),
  website: register(
    websiteKind,
    WebsiteConfigSchema,
    undefined,
    "the pages of one site from a start URL, under robots.txt and the crawl rules, plus its sitemaps' URLs; a page's ETag or Last-Modified (else a hash of its text) is its fingerprint, sent back as a conditional GET",
    (c) => originOf(c.url),
    { path: (_c, key) => pagePath(key), movable: false },
    (c) => ({ url: c.url, param: 'config.url', httpsOnly: false }),
    StoredWebsiteConfigSchema,
  ),
};

export const SOURCE_KIND_NAMES = Object.keys(SOURCE_KINDS);

export const sourceKind = (name: string): RegisteredKind | undefined =>
  Object.hasOwn(SOURCE_KINDS, name) ? SOURCE_KINDS[name] : undefined;
