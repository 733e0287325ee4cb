// Hand-written examples of the RBAC and job operations (requests and main responses): a "Support agents" role
// (customerRoleId support-agents) that the runbook of the knowledge examples is assigned to.
import { EXAMPLE_IDS, example } from '../../openapi/operation';

const { workspaceId, organizationId, knowledgeId, roleId } = EXAMPLE_IDS;
const created = '2025-03-14T09:30:02.118Z';
const updated = '2025-03-20T11:45:37.604Z';
const supportAgents = {
  id: roleId,
  name: 'Support agents',
  description: 'First-line support: customer-facing runbooks and policies',
  customerRoleId: 'support-agents',
  createdAt: created,
  updatedAt: created,
};

export const setRbacStatusExamples = {
  request: {
    on: example(
      'Turn RBAC on',
      { rbacEnabled: true },
      'Role-bound tokens then see only the knowledge assigned to their role; assigning roles needs RBAC on.',
    ),
  },
  response: { active: example('RBAC is ACTIVE', { workspaceId, rbacEnabled: true, rbacStatus: 'ACTIVE' }) },
};

export const createRoleExamples = {
  request: {
    supportAgents: example('A role with your own id for it', {
      name: 'Support agents',
      description: 'First-line support: customer-facing runbooks and policies',
      customerRoleId: 'support-agents',
    }),
    nameOnly: example('Just a name', { name: 'Billing team' }),
  },
  response: {
    started: example('The role-create job and the id the role will have', {
      workflowId: `role-create:${workspaceId}:4361bc3889d9c7b14a08ac51`,
      roleId,
    }),
  },
};

export const findRolesExamples = {
  request: {
    byCustomerRoleId: example('By your own id (exact)', { customerRoleId: 'support-agents' }),
    byName: example('By part of the name (any case)', { name: 'support' }),
  },
  response: { found: example('The matching roles', { roles: [supportAgents], total: 1 }) },
};

export const updateRoleExamples = {
  request: {
    describe: example('Change the description (other fields stay)', {
      description: 'First- and second-line support: runbooks, policies and known issues',
    }),
  },
  response: {
    started: example('The role-update job and the role as it will be', {
      workflowId: '6c2e8a4f-1b7d-5e3a-9c5f-2d8b4e6a1c73',
      role: {
        ...supportAgents,
        description: 'First- and second-line support: runbooks, policies and known issues',
        updatedAt: updated,
      },
    }),
  },
};

const assignment = (action: 'assign' | 'unassign') => ({
  workspaceId,
  knowledgeId,
  organizationId,
  roleIds: [roleId],
  workflowId: `role-${action}:${workspaceId}:${knowledgeId}:0cac426ba5eb580182f780f6`,
});
export const assignRolesExamples = {
  request: { supportAgents: example('Show the item to the support agents', { roleIds: [roleId] }) },
  response: { started: example('The assignment job', assignment('assign')) },
};
export const unassignRolesExamples = {
  request: { supportAgents: example('Hide the item from the support agents', { roleIds: [roleId] }) },
  response: { started: example('The removal job', assignment('unassign')) },
};

const ingestJob = `ingest-text:${workspaceId}:${knowledgeId}`;
const roleJob = `role-create:${workspaceId}:4361bc3889d9c7b14a08ac51`;
export const backgroundJobsExamples = {
  request: {
    jobs: example('An ingestion and a role creation', { jobIds: [ingestJob, roleJob] }),
  },
  response: {
    states: example('Each job as asked', {
      jobs: [
        {
          jobId: ingestJob,
          status: 'COMPLETED',
          type: 'ingestSourceWorkflow',
          startedAt: '2025-03-14T09:26:53.530Z',
          closedAt: '2025-03-14T09:26:55.902Z',
        },
        { jobId: roleJob, status: 'RUNNING', type: 'createRoleWorkflow', startedAt: created, closedAt: null },
      ],
    }),
  },
};
