// Inputs and outputs of workflows, shared by the API (which starts them) and the worker.
import type { Duration } from '@temporalio/common';

export interface PurgeStoredFilesInput {
  workspaceId: string;
  /** Object keys to delete from the bucket once the delay has passed. */
  keys: string[];
  /** A duration such as '1 day' or '30 minutes' (Temporal's ms-style format). */
  delay: Duration;
}

export interface PurgeStoredFilesResult {
  deleted: number;
}
