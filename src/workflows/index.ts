// The worker's workflowsPath: every workflow the service runs. Deterministic code only (lint-enforced).
export { cascadeDeleteWorkflow } from './cascadeDelete';
export { eraseUserSpaceWorkflow } from './eraseUserSpace';
export { syncSourceWorkflow } from './syncSource';
export { applySourceRulesWorkflow } from './sourceRules';
export { ingestFileWorkflow } from './ingestFile';
export { ingestSourceWorkflow } from './ingestSource';
export { ingestVersionWorkflow } from './ingestVersion';
export { purgeStoredFilesWorkflow } from './purgeStoredFiles';
export { purgeVersionWorkflow } from './purgeVersion';
export { reembedWorkflow } from './reembed';
export { retrievalEvaluationWorkflow } from './retrievalEvaluation';
export { titleVectorsWorkflow } from './titleVectors';
export { reapOrphanUploadsWorkflow } from './reapOrphanUploads';
export { deliverWebhookWorkflow } from './webhooks';
export { unpackArchiveWorkflow } from './unpackArchive';
export { createRoleWorkflow, deleteRoleWorkflow, changeKnowledgeRolesWorkflow, updateRoleWorkflow } from './roles';
// The same workflow under its name before the rename, so a run started by an older worker still finds its code.
export { changeKnowledgeRolesWorkflow as roleAssignmentWorkflow } from './roles';
