// The worker's workflowsPath: every workflow the service runs. Deterministic code only (lint-enforced).
export { purgeStoredFilesWorkflow } from './purgeStoredFiles';
