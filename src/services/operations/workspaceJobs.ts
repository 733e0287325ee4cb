// The workspace's recent background jobs, as Temporal's visibility store lists them (GET …/background-jobs).
import type { Deps } from '../deps';
import { listJobs, type JobSummary, type ListedJobStatus } from '../../temporal/jobs';
import { AppError } from '../../errors';
import { JOB_KINDS, type JobKind } from '../../workflows/ids';

export { JOBS_CANNOT_START, JOBS_UNAVAILABLE } from '../../temporal/jobs';
export { JOB_KINDS };
export const JOBS_CURSOR_INVALID = 'cursor is invalid';

export interface JobListQuery {
  status?: ListedJobStatus;
  kind?: JobKind;
  limit: number;
  /** The previous page's nextCursor. */
  cursor?: string;
}

/**
 * A cursor is Temporal's page token sealed to the workspace and the filters: Temporal answers a token it cannot
 * read with a retried UNKNOWN, so only a token we issued for the same listing is passed on (anything else: 400).
 */
const cursorContext = (workspaceId: string, q: JobListQuery) => `jobs:${workspaceId}:${q.status ?? ''}:${q.kind ?? ''}`;

function openCursor(secrets: Deps['secrets'], context: string, cursor: string): Uint8Array {
  try {
    return Buffer.from(secrets.open(cursor, context), 'base64url');
  } catch {
    throw new AppError(400, JOBS_CURSOR_INVALID, undefined, {}, { code: 'cursor_invalid', param: 'cursor' });
  }
}

/** A page of the workspace's jobs, newest first, and the cursor of the next page (null: the last page). */
export async function listWorkspaceJobs(
  deps: Pick<Deps, 'temporal' | 'secrets' | 'logger'>,
  workspaceId: string,
  query: JobListQuery,
): Promise<{ jobs: JobSummary[]; nextCursor: string | null }> {
  const context = cursorContext(workspaceId, query);
  const pageToken = query.cursor === undefined ? undefined : openCursor(deps.secrets, context, query.cursor);
  const page = await listJobs(deps.temporal, workspaceId, { ...query, pageToken }, (err) =>
    deps.logger.warn({ err: (err as Error).message, workspaceId }, 'background jobs could not be listed'),
  );
  const next = page.nextPageToken;
  return {
    jobs: page.jobs,
    nextCursor: next ? deps.secrets.seal(Buffer.from(next).toString('base64url'), context) : null,
  };
}
