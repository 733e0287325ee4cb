import { useState } from 'preact/hooks';
import { reason } from '../api';
import { itemsWithoutRole, listKnowledge, listRoles, rbacStatus } from '../data';
import type { ViewProps } from '../props';
import type { KnowledgeAccess } from '../types';
import { Confirm, ErrorLine, NO_ROLE_WARNING, NoRoleBadge, Section, Table, useLoad, viaText } from '../ui';

function RbacSwitch({ api, noRole, onChange }: ViewProps & { noRole?: Set<string>; onChange: () => void }) {
  const [status, error, reload] = useLoad(() => rbacStatus(api), []);
  const [changeError, setChangeError] = useState('');
  if (!status) return <ErrorLine error={error} />;
  const on = status.rbacEnabled;
  const set = async () => {
    try {
      await api('PUT', '/rbac-status', { rbacEnabled: !on });
      reload();
      onChange();
    } catch (e) {
      setChangeError(reason(e));
    }
  };
  const hidden = noRole?.size ?? 0;
  return (
    <div class="rbac">
      <p>
        RBAC is <strong data-testid="rbac-status">{status.rbacStatus}</strong>.
      </p>
      <Confirm
        label={on ? 'Turn RBAC off' : 'Turn RBAC on'}
        question={
          on
            ? 'Turn RBAC off? Every role-bound token will then see all workspace knowledge.'
            : 'Turn RBAC on? Role-bound tokens will then see only knowledge assigned to their role (or its parent); tokens without a role see none.' +
              (hidden > 0
                ? ` ${hidden} item${hidden === 1 ? ' has' : 's have'} no role yet and will be hidden from every role until assigned one.`
                : '')
        }
        onConfirm={() => void set()}
      />
      <ErrorLine error={changeError} />
    </div>
  );
}

export function RolesView(props: ViewProps) {
  const { api, started } = props;
  const [roles, rolesError, reloadRoles] = useLoad(() => listRoles(api), []);
  const [items, itemsError] = useLoad(() => listKnowledge(api), []);
  // The top-level items no role can see (after each assignment and each switch of RBAC).
  const [rbacTick, setRbacTick] = useState(0);
  const [rbac] = useLoad(() => rbacStatus(api), [rbacTick]);
  const [name, setName] = useState('');
  const [customerRoleId, setCustomerRoleId] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [roleId, setRoleId] = useState('');
  const [message, setMessage] = useState('');
  // Each form's own error, shown beside it: a refused role is not the assignment's business, nor the reverse.
  const [createError, setCreateError] = useState('');
  const [assignError, setAssignError] = useState('');
  const [inspect, setInspect] = useState('');
  const [access] = useLoad(
    () => (inspect ? api<KnowledgeAccess>('GET', `/knowledge/${inspect}/access`) : Promise.resolve(undefined)),
    [inspect, message],
  );
  const [noRole] = useLoad(
    () => (items ? itemsWithoutRole(api, items) : Promise.resolve(undefined)),
    [items, message, rbacTick],
  );

  const create = async (e: Event) => {
    e.preventDefault();
    setCreateError('');
    try {
      const res = await api<{ workflowId: string; roleId: string }>('POST', '/role', {
        name,
        ...(customerRoleId ? { customerRoleId } : {}),
      });
      started({ jobId: res.workflowId, what: `create role ${name}` });
      setName('');
      setCustomerRoleId('');
      // The role is created by a workflow: list again until it is there.
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 500));
        if ((await listRoles(api)).some((r) => r.id === res.roleId)) break;
      }
      reloadRoles();
    } catch (err) {
      setCreateError(reason(err));
    }
  };
  const assign = async (action: 'POST' | 'DELETE') => {
    setAssignError('');
    setMessage('');
    try {
      for (const id of chosen) {
        const res = await api<{ workflowId: string }>(action, `/knowledge/${id}/role`, { roleIds: [roleId] });
        started({ jobId: res.workflowId, what: `${action === 'POST' ? 'assign' : 'remove'} role` });
      }
      setMessage(`${action === 'POST' ? 'Assigned to' : 'Removed from'} ${chosen.size} item(s)`);
    } catch (err) {
      setAssignError(reason(err));
    }
  };
  const top = (items ?? []).filter((i) => !i.parentId || !(items ?? []).some((p) => p.id === i.parentId));
  return (
    <div class="grid">
      <Section title="RBAC">
        <RbacSwitch {...props} noRole={noRole} onChange={() => setRbacTick((t) => t + 1)} />
      </Section>
      <Section title="Roles">
        <ErrorLine error={rolesError} />
        {roles && roles.length === 0 && (
          <p class="hint" data-testid="roles-empty">
            No roles yet: create one below, then assign it to items. Once RBAC is on, a role-bound token sees only the
            items assigned to its role (or whose parent is).
          </p>
        )}
        {roles && roles.length > 0 && (
          <Table
            headers={['Name', 'customerRoleId', 'Id']}
            rows={roles.map((r) => ({
              key: r.id,
              cells: [r.name, r.customerRoleId ?? '—', <span class="mono">{r.id}</span>],
            }))}
          />
        )}
        <form onSubmit={create} class="row">
          <label>
            Role name
            <input required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <label>
            customerRoleId
            <input value={customerRoleId} onInput={(e) => setCustomerRoleId(e.currentTarget.value)} />
          </label>
          <button type="submit">Create role</button>
        </form>
        <ErrorLine error={createError} />
      </Section>
      <Section title="Assign roles to items">
        <ErrorLine error={itemsError} />
        <fieldset class="pick">
          <legend>Items</legend>
          {top.map((i) => (
            <label class="inline" key={i.id}>
              <input
                type="checkbox"
                checked={chosen.has(i.id)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.currentTarget.checked) next.add(i.id);
                  else next.delete(i.id);
                  setChosen(next);
                }}
              />
              {i.metadata.title}
              {rbac?.rbacEnabled && noRole?.has(i.id) && <NoRoleBadge />}
            </label>
          ))}
        </fieldset>
        <label>
          Role
          <select name="assignRole" value={roleId} onChange={(e) => setRoleId(e.currentTarget.value)}>
            <option value="">Choose a role</option>
            {(roles ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <div class="row">
          <button
            type="button"
            class="primary"
            disabled={!roleId || chosen.size === 0}
            onClick={() => void assign('POST')}
          >
            Assign to selected
          </button>
          <button type="button" disabled={!roleId || chosen.size === 0} onClick={() => void assign('DELETE')}>
            Remove from selected
          </button>
        </div>
        <p role="status">{message}</p>
        <ErrorLine error={assignError} />
      </Section>
      <Section title="Who sees an item">
        <label>
          Item
          <select value={inspect} onChange={(e) => setInspect(e.currentTarget.value)}>
            <option value="">Choose an item</option>
            {(items ?? []).map((i) => (
              <option key={i.id} value={i.id}>
                {i.metadata.title}
              </option>
            ))}
          </select>
        </label>
        {access && (
          <ul data-testid="item-visibility">
            {access.roles.length === 0 && (
              <li class={rbac?.rbacEnabled ? 'warning' : undefined}>
                No role. {rbac?.rbacEnabled ? `${NO_ROLE_WARNING}.` : 'Once RBAC is on, it is hidden from every role.'}
              </li>
            )}
            {access.roles.map((r) => (
              <li key={r.id}>
                {r.name}:{' '}
                {r.via === 'direct'
                  ? 'assigned directly'
                  : r.via === 'parent'
                    ? 'inherited from its parent'
                    : `given ${viaText(r.via)}`}
              </li>
            ))}
            {access.sourceRule && access.sourceRule.rule !== null && (
              <li data-testid="item-source-rule">
                Its roles come from {access.sourceRule.label} of the source "{access.sourceRule.sourceName}" (change the
                source's rules, not the item).
              </li>
            )}
          </ul>
        )}
      </Section>
    </div>
  );
}
