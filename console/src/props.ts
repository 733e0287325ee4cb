import type { Api, Session } from './api';
import type { StartedJob } from './types';

/** What every view gets: the session, the API bound to it, and the jobs this session started. */
export interface ViewProps {
  session: Session;
  api: Api;
  jobs: StartedJob[];
  started: (job: StartedJob) => void;
}
