// How the activities fail: the services' final refusals (and extractors' failures) become the workflow's
// non-retryable failure types; anything else is thrown as it is, and retried.
import { ApplicationFailure, log } from '@temporalio/activity';
import type { SandboxedExtractionError } from '../extract/sandbox';
import { ExtractionError, FailureReasons, failureReason } from '../extract/types';
import { KnowledgeGoneError, NoTextError, StoredFileMissingError } from '../services/knowledge/ingestion';
import { IngestionFailureTypes } from '../workflows/contracts';

const gone = () => ApplicationFailure.nonRetryable(FailureReasons.deleted, IngestionFailureTypes.knowledgeGone);

/**
 * An extractor's failure as the item shows it: the fixed reason for users (FailureReasons), the detail
 * (which may quote a parser) for operators' logs. Anything else is rethrown (retried).
 */
export function extractionFailure(err: unknown, mime: string, knowledgeId: string): never {
  if (!(err instanceof ExtractionError)) throw err;
  const reason = failureReason(err, mime);
  log.warn('extraction failed', {
    knowledgeId,
    code: err.code,
    reason,
    detail: err.message,
    usage: (err as SandboxedExtractionError).usage,
  });
  throw ApplicationFailure.nonRetryable(reason, IngestionFailureTypes.extraction, { code: err.code });
}

/**
 * The activities of a factory, each turning the services' final refusals into the workflow's
 * non-retryable failures: KnowledgeGoneError -> KnowledgeGone, NoTextError and StoredFileMissingError ->
 * ExtractionFailed.
 */
export function classifyFailures<A extends Record<string, (...args: never[]) => Promise<unknown>>>(activities: A): A {
  const wrapped: Record<string, unknown> = {};
  for (const [name, activity] of Object.entries(activities)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await activity(...args);
      } catch (err) {
        if (err instanceof KnowledgeGoneError) throw gone();
        if (err instanceof NoTextError || err instanceof StoredFileMissingError)
          throw ApplicationFailure.nonRetryable(err.message, IngestionFailureTypes.extraction);
        throw err;
      }
    };
  }
  return wrapped as A;
}
