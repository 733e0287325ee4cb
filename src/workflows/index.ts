// The worker's workflowsPath: every workflow the service runs. Deterministic code only (lint-enforced).
export { cascadeDeleteWorkflow } from './cascadeDelete';
export { ingestFileWorkflow } from './ingestFile';
export { purgeStoredFilesWorkflow } from './purgeStoredFiles';
export { reapOrphanUploadsWorkflow } from './reapOrphanUploads';
export { deliverWebhookWorkflow } from './webhooks';
export { createRoleWorkflow, deleteRoleWorkflow, roleAssignmentWorkflow, updateRoleWorkflow } from './roles';
