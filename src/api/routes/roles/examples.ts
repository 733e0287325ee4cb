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

/** A second role, made with just a name (createRole's "Just a name" example). */
const billingTeam = {
  id: 'b8e2f4a6-0c1d-4e3f-9a5b-7c8d9e0f1a2b',
  name: 'Billing team',
  description: null,
  customerRoleId: null,
  createdAt: '2025-03-17T14:08:51.342Z',
  updatedAt: '2025-03-17T14:08:51.342Z',
};
const rbacActive = { workspaceId, rbacEnabled: true, rbacStatus: 'ACTIVE' };

export const getRbacStatusExamples = {
  response: {
    active: example('RBAC is ACTIVE: role-bound tokens see only their roles’ knowledge', rbacActive),
    inactive: example('RBAC is INACTIVE (the default): every token sees all knowledge', {
      workspaceId,
      rbacEnabled: false,
      rbacStatus: 'INACTIVE',
    }),
  },
};

export const setRbacStatusExamples = {
  request: {
    on: example(
      'Turn RBAC on',
      { rbacEnabled: true },
      'Role-bound tokens then see only the knowledge assigned to their role; assigning roles needs RBAC on.',
    ),
  },
  response: { active: example('RBAC is ACTIVE', rbacActive) },
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

export const listRolesExamples = {
  response: { roles: example('Every role, by name', { roles: [billingTeam, supportAgents], total: 2 }) },
};

/** GET of a role, by its id or by its customerRoleId (support-agents). */
export const getRoleExamples = { response: { role: example('The role', supportAgents) } };

export const deleteRoleExamples = {
  response: {
    started: example('The deletion job (the role exists until it has run)', {
      workflowId: `role-delete:${workspaceId}:${roleId}`,
      roleId,
      message: 'Role deletion started',
    }),
  },
};

export const knowledgeRolesExamples = {
  response: {
    roles: example("The item's roles", [
      { id: roleId, name: supportAgents.name, description: supportAgents.description, metadata: {} },
    ]),
  },
};

const visibleTo = { id: roleId, name: supportAgents.name, via: 'direct' };
const access = { knowledgeId, rbacStatus: 'ACTIVE', sourceRule: null, roles: [visibleTo] };
export const knowledgeAccessExamples = {
  response: {
    visible: example('The support agents find it: the role is assigned to the item', {
      ...access,
      roleId,
      visible: true,
      hiddenBy: null,
      reasons: [],
      via: 'direct',
      chunks: { total: 3, enabled: 3 },
    }),
    notAssigned: example('The billing team does not: its role is not assigned to the item', {
      ...access,
      roleId: billingTeam.id,
      visible: false,
      hiddenBy: 'NOT_ASSIGNED',
      reasons: [
        {
          rule: 'NOT_ASSIGNED',
          message: 'RBAC is ACTIVE and the role is assigned neither to the item nor to its parent',
        },
      ],
      via: null,
      chunks: { total: 3, enabled: 3 },
    }),
  },
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
  workflowId: `role-${action}:${workspaceId}:${knowledgeId}:0cac426ba5eb580182f780f6:4187`,
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
const ingestStarted = '2025-03-14T09:26:53.530Z';
const ingestClosed = '2025-03-14T09:26:55.902Z';
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
          startedAt: ingestStarted,
          closedAt: ingestClosed,
        },
        { jobId: roleJob, status: 'RUNNING', type: 'createRoleWorkflow', startedAt: created, closedAt: null },
      ],
    }),
  },
};

export const listBackgroundJobsExamples = {
  response: {
    page: example('Running jobs first, then the most recently closed (the last page: nextCursor null)', {
      jobs: [
        {
          jobId: roleJob,
          kind: 'role-create',
          type: 'createRoleWorkflow',
          status: 'RUNNING',
          startedAt: created,
          closedAt: null,
          knowledgeId: null,
        },
        {
          jobId: ingestJob,
          kind: 'ingest-text',
          type: 'ingestSourceWorkflow',
          status: 'COMPLETED',
          startedAt: ingestStarted,
          closedAt: ingestClosed,
          knowledgeId,
        },
      ],
      nextCursor: null,
    }),
  },
};
