// Websites: the crawl settings of a WEBSITE item and the recrawl's answer.
import { z } from 'zod';
import { attributesField } from '../../../schemas/filters';
import { EXTERNAL_ID_UPSERT, LANGUAGE, bodyObject, externalIdField, title, webUrl } from '../schema';

export const WEBSITE_MAX_PAGES = 1000;
export const WEBSITE_MAX_DEPTH = 10;
export const PATH_PATTERN_MESSAGE = 'includePaths and excludePaths must be arrays of at most 50 paths starting with /';
const pathPatterns = z
  .array(
    z
      .string({ error: PATH_PATTERN_MESSAGE })
      .max(500, { message: PATH_PATTERN_MESSAGE })
      .refine((p) => p.startsWith('/'), { message: PATH_PATTERN_MESSAGE })
      .meta({ pattern: '^/' }),
    { error: PATH_PATTERN_MESSAGE },
  )
  .max(50, { message: PATH_PATTERN_MESSAGE })
  .default([]);
const boundedInt = (name: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: `${name} must be an integer from ${min} to ${max}` })
    .int({ message: `${name} must be an integer from ${min} to ${max}` })
    .min(min, { message: `${name} must be an integer from ${min} to ${max}` })
    .max(max, { message: `${name} must be an integer from ${min} to ${max}` })
    .default(fallback);

export const CreateWebsiteSchema = bodyObject({
  url: webUrl,
  title: title.optional(),
  language: LANGUAGE.optional(),
  maxPages: boundedInt('maxPages', 1, WEBSITE_MAX_PAGES, 50),
  maxDepth: boundedInt('maxDepth', 0, WEBSITE_MAX_DEPTH, 3),
  includePaths: pathPatterns,
  excludePaths: pathPatterns,
  attributes: attributesField().optional(),
  externalId: externalIdField(EXTERNAL_ID_UPSERT).optional(),
});
export type CreateWebsiteInput = z.infer<typeof CreateWebsiteSchema>;

/** POST …/knowledge/{knowledgeId}/recrawl. */
export const RecrawlResponseSchema = z.strictObject({
  jobId: z.string().meta({ description: "The crawl (the site's source's sync): a new one, or the one still running" }),
});
export type RecrawlResponse = z.infer<typeof RecrawlResponseSchema>;
