// The permission vocabulary (src/policies/authorize.ts): every route action and every resource rule answers one
// Decision, and authorize() turns a refusal into the spec's error (status, exact message, error value) with our
// help. Pure: credentials are built in memory, no database.
import assert from 'node:assert/strict';
import type { WorkspaceRow } from '../../../src/db/rows';
import { RoleMessages } from '../../../src/domain/roles';
import { SpaceMessages } from '../../../src/domain/spaces';
import { AppError } from '../../../src/errors';
import { ACTIONS, allows, POLICY, type Action } from '../../../src/policies/actions';
import { authorize, authorizeInWorkspace, can, decide, FORBIDDEN } from '../../../src/policies/authorize';
import {
  CREDENTIAL_KINDS,
  kindRefusalHint,
  type AuthState,
  type CredentialKind,
} from '../../../src/policies/credentials';
import type { Decision, Refusal } from '../../../src/policies/decision';
import { JOB_IDS_PER_REQUEST, jobStatusExtraRequests } from '../../../src/policies/rateBudgets';
import { RuleMessages, type SpaceFacts } from '../../../src/policies/rules';
import { mayReadAgentServerFailures, mayReadJobFailure } from '../../../src/policies/scopes';
import { IngestionFailureTypes, SYNC_FAILED } from '../../../src/workflows/contracts';

const ORG = 'org-1';

function workspace(rbac = false): WorkspaceRow {
  const now = new Date(0);
  return {
    id: 'ws-1',
    organization_id: ORG,
    name: 'w',
    rbac_enabled: rbac,
    rerank_default: false,
    storage_quota_bytes: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** A credential of each kind; role tokens bound to roleId (and subject, when given). */
function credential(
  kind: CredentialKind,
  opts: { rbac?: boolean; roleId?: string; subject?: string; userId?: string } = {},
): AuthState {
  const ws = workspace(opts.rbac);
  if (kind === 'apiKey') {
    return {
      kind,
      workspace: ws,
      apiKey: {
        id: 'key-1',
        workspace_id: ws.id,
        name: 'k',
        display_prefix: 'kws_',
        key_hash: 'h',
        created_at: ws.created_at,
        last_used_at: null,
        revoked_at: null,
      },
    };
  }
  const roleId = kind === 'workspace' ? undefined : (opts.roleId ?? (kind === 'role' ? 'role-a' : undefined));
  return {
    kind,
    workspace: ws,
    token: {
      tokenType: kind === 'userSpace' ? 'user_space' : 'access',
      organizationId: ORG,
      workspaceId: ws.id,
      apiKeyId: 'key-1',
      ...(roleId ? { roleId } : {}),
      ...(opts.subject ? { subject: opts.subject } : {}),
      ...(kind === 'userSpace' ? { userId: opts.userId ?? 'user-1', spaceId: 'space-1' } : {}),
    },
  };
}

function refusal(decision: Decision): Refusal {
  assert.equal(decision.allowed, false, 'expected a refusal');
  return (decision as { refusal: Refusal }).refusal;
}

/** The error authorize() throws: the status, message and error value the spec fixes, with the help beside. */
function thrown(fn: () => void): AppError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError, `expected an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected authorize() to refuse');
}

describe('authorize: the route actions (policy table)', () => {
  // What the README's table promises for the actions whose answers differ by kind (yes: allowed).
  const expected: Array<[Action, Record<CredentialKind, boolean>, string?]> = [
    ['tokens.issue', { apiKey: true, workspace: false, role: false, userSpace: false }],
    ['knowledge.read', { apiKey: false, workspace: true, role: true, userSpace: false }],
    ['knowledge.write', { apiKey: false, workspace: true, role: false, userSpace: false }],
    ['spaces.read', { apiKey: false, workspace: true, role: true, userSpace: true }],
    ['spaces.write', { apiKey: false, workspace: true, role: false, userSpace: true }],
    [
      'spaces.post',
      { apiKey: false, workspace: false, role: false, userSpace: true },
      'A user space token is required',
    ],
    ['spaces.activate', { apiKey: true, workspace: true, role: true, userSpace: false }],
    ['roles.manage', { apiKey: false, workspace: true, role: false, userSpace: false }],
    ['agent.use', { apiKey: false, workspace: true, role: true, userSpace: false }],
    ['agent.manage', { apiKey: false, workspace: true, role: false, userSpace: false }],
  ];
  for (const [action, allowed, message] of expected) {
    for (const kind of CREDENTIAL_KINDS) {
      it(`${action} × ${kind}: ${allowed[kind] ? 'allowed' : `403 ${message ?? FORBIDDEN}`}`, () => {
        const decision = decide(credential(kind), action);
        if (allowed[kind]) return assert.deepEqual(decision, { allowed: true });
        const auth = credential(kind);
        assert.deepEqual(refusal(decision), {
          status: 403,
          message: message ?? FORBIDDEN,
          param: 'Authorization',
          hint: kindRefusalHint(auth, POLICY[action].allow),
        });
      });
    }
  }

  it('every action × kind × RBAC status answers one shape, worded by the table (never a throw)', () => {
    for (const action of ACTIONS) {
      for (const kind of CREDENTIAL_KINDS) {
        for (const rbac of [false, true]) {
          const decision = decide(credential(kind, { rbac }), action);
          if (decision.allowed) continue;
          const { status, message } = decision.refusal;
          assert.equal(status, 403, `${action} × ${kind}`);
          const policy: (typeof POLICY)[Action] & { deniedMessage?: string } = POLICY[action];
          const words = [
            FORBIDDEN,
            policy.deniedMessage,
            'whenRbacActive' in policy ? policy.whenRbacActive.deniedMessage : undefined,
            'requiresRbacActive' in policy ? policy.requiresRbacActive.deniedMessage : undefined,
          ];
          assert.ok(words.includes(message), `${action} × ${kind}: ${message}`);
        }
      }
    }
  });

  it('agent.use under ACTIVE RBAC: only a role-bound token', () => {
    assert.equal(can(credential('role', { rbac: true }), 'agent.use'), true);
    const error = thrown(() => authorize(credential('workspace', { rbac: true }), 'agent.use'));
    assert.equal(error.status, 403);
    assert.equal(error.message, 'A role-bound token is required when RBAC is active');
  });

  it('roles.assign needs ACTIVE RBAC, from a request and from the CLI alike', () => {
    const off = thrown(() => authorize(credential('workspace', { rbac: false }), 'roles.assign'));
    assert.deepEqual([off.status, off.message], [403, RoleMessages.rbacDisabled]);
    assert.equal(off.help.code, 'rbac_not_active');
    const cli = thrown(() => authorizeInWorkspace(workspace(false), 'roles.assign'));
    assert.deepEqual([cli.status, cli.message], [403, RoleMessages.rbacDisabled]);
    assert.equal(can(credential('workspace', { rbac: true }), 'roles.assign'), true);
    authorizeInWorkspace(workspace(true), 'roles.assign');
  });

  it('spaces.activate: a role-bound token hands on its own role, never another', () => {
    const role = credential('role', { roleId: 'role-a' });
    assert.equal(can(role, 'spaces.activate', { roleId: 'role-a' }), true);
    assert.equal(can(role, 'spaces.activate', { roleId: undefined }), true);
    // The refusal points at the field that named the other role (roleId unless told otherwise).
    for (const namedBy of [undefined, 'roleId', 'customerRoleId'] as const) {
      const refused = refusal(decide(role, 'spaces.activate', { roleId: 'role-b', namedBy }));
      assert.deepEqual(
        { ...refused, hint: undefined },
        { status: 403, message: FORBIDDEN, code: 'role_not_own', param: namedBy ?? 'roleId', hint: undefined },
      );
      assert.match(String(refused.hint), new RegExp(`leave ${namedBy ?? 'roleId'} out`));
    }
    assert.equal(can(credential('workspace'), 'spaces.activate', { roleId: 'role-b' }), true);
  });

  it('a refusal by kind names the credential sent and the ones the operation takes', () => {
    const user = credential('userSpace');
    assert.equal(
      refusal(decide(user, 'knowledge.read')).hint,
      'This request used a user space token; this operation takes the workspace token (minted without ' +
        'customerRoleId or roleId) or a role-bound token. For one end user, mint a role-bound token with POST ' +
        `/workspaces/${user.workspace.id}/generate-access-key-token and {"customerRoleId": "<their role>", ` +
        '"subject": "<their user id>"}. Mint the workspace token with POST /workspaces/' +
        `${user.workspace.id}/generate-access-key-token and an empty body.`,
    );
    assert.equal(
      refusal(decide(credential('role', { subject: 'alice' }), 'tokens.issue')).hint,
      'This request used a role-bound token for one end user (subject); this operation takes the API key (x-api-key).',
    );
  });

  it('agent.use under ACTIVE RBAC: a token without a role gets its own code, naming the credential', () => {
    assert.deepEqual(refusal(decide(credential('workspace', { rbac: true }), 'agent.use')), {
      status: 403,
      message: 'A role-bound token is required when RBAC is active',
      param: 'Authorization',
      code: 'role_token_required',
    });
  });

  it("a refusal becomes the spec's error: status, exact message, the reason phrase, the permission code", () => {
    const error = thrown(() => authorize(credential('role'), 'knowledge.write'));
    assert.deepEqual(error.toBody(), {
      error: 'Forbidden',
      message: FORBIDDEN,
      code: 'permission_denied',
      param: 'Authorization',
      hint: error.toBody().hint,
    });
    assert.ok(error.toBody().hint, 'a hint from the catalogue');
  });
});

describe('authorize: the space rules', () => {
  const space = (over: Partial<SpaceFacts> = {}): SpaceFacts => ({
    roleId: 'role-a',
    ownerExternalId: 'alice',
    ...over,
  });
  const member = (memberRole: string, over: Partial<SpaceFacts> = {}) =>
    space({ callerMemberRole: memberRole, ...over });

  it('space.enter: the workspace credentials reach every space', () => {
    for (const kind of ['apiKey', 'workspace'] as const) {
      assert.equal(can(credential(kind), 'space.enter', space({ roleId: null })), true);
    }
  });

  it('space.enter: a user space token reaches its own spaces while the role is its; else 400 private', () => {
    const token = credential('userSpace', { roleId: 'role-a' });
    assert.equal(can(token, 'space.enter', member('GUEST')), true);
    const private400 = {
      status: 400,
      message: SpaceMessages.private,
      error: 'Error',
      code: 'space_private',
      pathParam: 'spaceId',
    };
    assert.deepEqual(refusal(decide(token, 'space.enter', space())), private400, 'not a member');
    assert.deepEqual(
      refusal(decide(token, 'space.enter', member('HOST', { roleId: 'role-b' }))),
      private400,
      'the space moved to another role',
    );
  });

  it("space.enter: an end user's access token outside its role or subject is 404, as if absent", () => {
    const hidden404 = { status: 404, message: SpaceMessages.notFound, error: 'Error', pathParam: 'spaceId' };
    assert.equal(can(credential('role', { roleId: 'role-a' }), 'space.enter', space()), true);
    assert.deepEqual(refusal(decide(credential('role', { roleId: 'role-b' }), 'space.enter', space())), hidden404);
    const bob = credential('role', { roleId: 'role-a', subject: 'bob' });
    assert.deepEqual(refusal(decide(bob, 'space.enter', space())), hidden404);
    assert.equal(can(credential('role', { roleId: 'role-a', subject: 'alice' }), 'space.enter', space()), true);
    const error = thrown(() => authorize(bob, 'space.enter', space()));
    assert.deepEqual([error.status, error.error, error.message], [404, 'Error', SpaceMessages.notFound]);
  });

  it("space.manageFiles: the HOST and CO_HOST, or the workspace; a GUEST 403; outside the space, the space's answer", () => {
    const token = credential('userSpace', { roleId: 'role-a' });
    assert.equal(can(token, 'space.manageFiles', member('HOST')), true);
    assert.equal(can(token, 'space.manageFiles', member('CO_HOST')), true);
    assert.deepEqual(refusal(decide(token, 'space.manageFiles', member('GUEST'))), {
      status: 403,
      message: FORBIDDEN,
      param: 'Authorization',
    });
    assert.equal(refusal(decide(token, 'space.manageFiles', space())).status, 400);
    assert.equal(can(credential('workspace'), 'space.manageFiles', space()), true);
    assert.equal(refusal(decide(credential('role'), 'space.manageFiles', space())).status, 403);
  });

  it("space.activateFor: the workspace always; an end user's token only its own role's and subject's space", () => {
    const facts = { roleId: 'role-a', ownerExternalId: 'alice' };
    assert.equal(can(credential('apiKey'), 'space.activateFor', facts), true);
    assert.equal(can(credential('role', { roleId: 'role-a' }), 'space.activateFor', facts), true);
    assert.equal(refusal(decide(credential('role', { roleId: 'role-b' }), 'space.activateFor', facts)).status, 403);
    assert.equal(refusal(decide(credential('userSpace'), 'space.activateFor', facts)).status, 403);
  });

  it('space.lendKey: a credential with no API key behind it activates nothing', () => {
    assert.equal(can(credential('apiKey'), 'space.lendKey'), true);
    assert.equal(can(credential('role'), 'space.lendKey'), true);
    const keyless: AuthState = { kind: 'workspace', workspace: workspace() };
    assert.deepEqual(refusal(decide(keyless, 'space.lendKey')), {
      status: 403,
      message: FORBIDDEN,
      param: 'Authorization',
    });
  });

  it("space.speak: a user space token only, in the policy table's words", () => {
    assert.equal(can(credential('userSpace'), 'space.speak'), true);
    for (const kind of ['apiKey', 'workspace', 'role'] as const) {
      assert.deepEqual(refusal(decide(credential(kind), 'space.speak')), {
        status: 403,
        message: POLICY['spaces.post'].deniedMessage,
        param: 'Authorization',
      });
    }
  });
});

describe('authorize: the row rules', () => {
  it('knowledge.upsert: the workspace replaces an item of the same space; another space 409; others 403', () => {
    const same = { item: { spaceId: null }, posted: { spaceId: null } };
    const other = { item: { spaceId: 's1' }, posted: { spaceId: null } };
    assert.equal(can(credential('workspace'), 'knowledge.upsert', same), true);
    assert.deepEqual(refusal(decide(credential('workspace'), 'knowledge.upsert', other)), {
      status: 409,
      message: RuleMessages.otherSpace,
    });
    for (const kind of ['role', 'userSpace'] as const) {
      assert.equal(refusal(decide(credential(kind), 'knowledge.upsert', same)).status, 403);
    }
  });

  it("job.read: a narrower credential sees a job only when it reaches the job's item (or it is deployment-wide)", () => {
    const role = credential('role');
    assert.equal(can(role, 'job.read', { deploymentWide: false, itemReached: false }), false);
    assert.equal(can(role, 'job.read', { deploymentWide: false, itemReached: true }), true);
    assert.equal(can(role, 'job.read', { deploymentWide: true, itemReached: false }), true);
    assert.equal(can(credential('workspace'), 'job.read', { deploymentWide: false, itemReached: false }), true);
  });

  it("a failed sync's reason (its bucket, endpoint or repository) only to the credentials that manage sources", () => {
    assert.equal(mayReadJobFailure(credential('role'), SYNC_FAILED), false);
    assert.equal(mayReadJobFailure(credential('workspace'), SYNC_FAILED), true);
    assert.equal(mayReadJobFailure(credential('apiKey'), SYNC_FAILED), allows('sources.manage', 'apiKey'));
    assert.equal(mayReadJobFailure(credential('userSpace'), SYNC_FAILED), false);
    assert.equal(mayReadJobFailure(credential('role'), IngestionFailureTypes.extraction), true);
    assert.equal(mayReadJobFailure(credential('role'), undefined), true);
  });

  it("an agent run's failure detail (the agent server's address, its own words) only to the credentials that manage agent servers", () => {
    assert.equal(mayReadAgentServerFailures(credential('workspace')), true);
    assert.equal(mayReadAgentServerFailures(credential('role')), false);
    assert.equal(mayReadAgentServerFailures(credential('userSpace')), false);
  });

  it('upload.track: an upload into a space only the workspace credential tracks', () => {
    assert.equal(can(credential('role'), 'upload.track', { spaceId: 's1' }), false);
    assert.equal(can(credential('role'), 'upload.track', { spaceId: null }), true);
    assert.equal(can(credential('workspace'), 'upload.track', { spaceId: 's1' }), true);
  });

  it("agent.chooseModel: an end user's token runs the server's model only, refused with code model_fixed", () => {
    const fixed = { serverModel: 'm1', named: 'm2' };
    assert.equal(can(credential('workspace'), 'agent.chooseModel', fixed), true);
    assert.equal(can(credential('role'), 'agent.chooseModel', { serverModel: null, named: 'm2' }), true);
    assert.equal(can(credential('role'), 'agent.chooseModel', { serverModel: 'm1', named: 'm1' }), true);
    const error = thrown(() => authorize(credential('role'), 'agent.chooseModel', fixed));
    assert.deepEqual(
      [error.status, error.message, error.help.code, error.help.param],
      [403, RuleMessages.modelFixed, 'model_fixed', 'model'],
    );
  });

  it('evaluation.track: a credential that may read evaluations', () => {
    assert.equal(can(credential('workspace'), 'evaluation.track'), true);
    assert.equal(can(credential('role'), 'evaluation.track'), false);
  });
});

describe('authorize: the addressed workspace and organization', () => {
  const token = { workspaceId: 'ws-1', organizationId: ORG };

  it('apiKey.address: a key addresses its own workspace only (403 api_key_workspace_mismatch, param x-api-key)', () => {
    assert.equal(can({ workspaceId: 'ws-1' }, 'apiKey.address', { workspaceId: 'ws-1' }), true);
    const error = thrown(() => authorize({ workspaceId: 'ws-1' }, 'apiKey.address', { workspaceId: 'ws-2' }));
    assert.deepEqual(
      [error.status, error.message, error.help.code, error.help.param],
      [403, FORBIDDEN, 'api_key_workspace_mismatch', 'x-api-key'],
    );
  });

  it("apiKey.pair: the x-api-key beside a token is the token's workspace's", () => {
    assert.equal(can(token, 'apiKey.pair', { workspaceId: 'ws-1' }), true);
    assert.equal(refusal(decide(token, 'apiKey.pair', { workspaceId: 'ws-2' })).code, 'api_key_workspace_mismatch');
  });

  it("organization.address: the organizationid header, when sent, names the token's organization", () => {
    assert.equal(can(token, 'organization.address', { organizationId: undefined }), true);
    assert.equal(can(token, 'organization.address', { organizationId: ORG }), true);
    const denied = refusal(decide(token, 'organization.address', { organizationId: 'org-2' }));
    assert.deepEqual(
      [denied.status, denied.message, denied.code, denied.param],
      [403, FORBIDDEN, 'organization_mismatch', 'organizationid'],
    );
  });

  it('workspace.address: 403 on every route, 404 "Workspace ID does not match" (error "Error") on the RAG route', () => {
    assert.equal(can(token, 'workspace.address', { workspaceId: 'ws-1', wording: 'default' }), true);
    const plain = refusal(decide(token, 'workspace.address', { workspaceId: 'ws-2', wording: 'default' }));
    assert.deepEqual(
      [plain.status, plain.message, plain.error, plain.code],
      [403, FORBIDDEN, undefined, 'token_workspace_mismatch'],
    );
    const rag = thrown(() => authorize(token, 'workspace.address', { workspaceId: 'ws-2', wording: 'rag' }));
    assert.deepEqual([rag.status, rag.message, rag.error], [404, RuleMessages.workspaceMismatch, 'Error']);
  });

  it("organization.standing and role.standing: the grant's rules, worded per route", () => {
    assert.equal(can(token, 'organization.standing', { organizationId: ORG, wording: 'default' }), true);
    assert.equal(
      refusal(decide(token, 'organization.standing', { organizationId: 'o2', wording: 'default' })).status,
      403,
    );
    assert.equal(refusal(decide(token, 'organization.standing', { organizationId: 'o2', wording: 'rag' })).status, 404);
    assert.equal(can(token, 'role.standing', { bound: false, exists: false, wording: 'default' }), true);
    assert.equal(can(token, 'role.standing', { bound: true, exists: true, wording: 'default' }), true);
    const gone = refusal(decide(token, 'role.standing', { bound: true, exists: false, wording: 'default' }));
    assert.deepEqual(
      [gone.status, gone.message, gone.error, gone.code],
      [403, 'Role not found', undefined, 'token_role_deleted'],
    );
    const ragGone = refusal(decide(token, 'role.standing', { bound: true, exists: false, wording: 'rag' }));
    assert.deepEqual([ragGone.status, ragGone.message, ragGone.error], [400, 'Role not found', 'Error']);
  });
});

describe('policies: what a job-status request costs (rate budgets)', () => {
  it("charges an end user's token one request per 10 distinct ids past the first 10, the integrator nothing more", () => {
    const alice = credential('role', { subject: 'alice' });
    const role = credential('role');
    for (const [ids, extra] of [
      [1, 0],
      [10, 0],
      [11, 1],
      [25, 2],
      [100, 9],
    ] as const) {
      assert.equal(jobStatusExtraRequests(alice, ids), extra, `${ids} ids, subject-bound`);
      assert.equal(jobStatusExtraRequests(role, ids), extra, `${ids} ids, role-bound`);
      assert.equal(jobStatusExtraRequests(credential('workspace'), ids), 0, `${ids} ids, the integrator`);
      assert.equal(jobStatusExtraRequests(credential('apiKey'), ids), 0, `${ids} ids, the API key`);
    }
    assert.equal(JOB_IDS_PER_REQUEST, 10);
  });
});
