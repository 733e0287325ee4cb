// The worker's workflowsPath: every workflow the service runs. Deterministic code only (lint-enforced).
export { cascadeDeleteWorkflow } from './cascadeDelete';
export { eraseUserSpaceWorkflow } from './eraseUserSpace';
export { crawlWebsiteWorkflow } from './crawlWebsite';
export { ingestFileWorkflow } from './ingestFile';
export { ingestSourceWorkflow } from './ingestSource';
export { purgeStoredFilesWorkflow } from './purgeStoredFiles';
export { reapOrphanUploadsWorkflow } from './reapOrphanUploads';
export { deliverWebhookWorkflow } from './webhooks';
export { unpackArchiveWorkflow } from './unpackArchive';
export { createRoleWorkflow, deleteRoleWorkflow, changeKnowledgeRolesWorkflow, updateRoleWorkflow } from './roles';
