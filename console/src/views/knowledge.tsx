import { useEffect, useRef, useState } from 'preact/hooks';
import { reason, uploadFile, type Api } from '../api';
import { childrenOf, descendants, itemsWithoutRole, jobStates, listKnowledge, rbacStatus } from '../data';
import type { ViewProps } from '../props';
import type { JobState, Knowledge, KnowledgeAccess } from '../types';
import { Confirm, ErrorLine, NO_ROLE_WARNING, NoRoleBadge, Section, StatusBadge, useLoad, viaText, When } from '../ui';

/**
 * One file of a drop, from its bytes on the wire to its item's outcome: refused by the service (red, with the
 * reason), processing (its item exists, in the list below), indexed, or failed in the background (red, with the
 * reason).
 */
interface Upload {
  name: string;
  progress: number;
  state: 'uploading' | 'processing' | 'indexed' | 'refused' | 'failed';
  detail: string;
}

interface UploadItem {
  id: string;
  status: Knowledge['status'];
}

/** How often an upload's item is looked for, and for how long. */
const TRACK_EVERY_MS = 700;
const TRACK_FOR_MS = 10 * 60_000;

/**
 * Follows an upload started in the background: GET …/upload-file-metadata/{id} until its item exists (then the
 * list reloads, and shows it processing), and until that item has settled (the list reloads again).
 */
async function trackUpload(
  api: Api,
  uploadId: string,
  live: () => boolean,
  onItem: (item: UploadItem) => void,
): Promise<UploadItem | undefined> {
  let seen: UploadItem | undefined;
  for (const until = Date.now() + TRACK_FOR_MS; Date.now() < until && live();) {
    await new Promise((r) => setTimeout(r, TRACK_EVERY_MS));
    const { knowledge } = await api<{ knowledge: UploadItem | null }>('GET', `/upload-file-metadata/${uploadId}`);
    if (knowledge && (!seen || seen.status !== knowledge.status)) onItem(knowledge);
    seen = knowledge ?? undefined;
    if (seen && seen.status !== 'BACKGROUND_START') return seen;
  }
  return seen;
}

function Tree(props: {
  tree: Map<string | null, Knowledge[]>;
  parent: string | null;
  selected?: string;
  /** Under ACTIVE RBAC: the items no role can see. */
  noRole?: Set<string>;
  onSelect: (k: Knowledge) => void;
}) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const items = props.tree.get(props.parent) ?? [];
  return (
    <ul class={props.parent ? 'tree nested' : 'tree'}>
      {items.map((k) => {
        const kids = props.tree.get(k.id)?.length ?? 0;
        return (
          <li key={k.id}>
            {kids > 0 ? (
              <button
                type="button"
                class="twisty"
                aria-expanded={open[k.id] ? 'true' : 'false'}
                aria-label={`${open[k.id] ? 'Collapse' : 'Expand'} ${k.metadata.title} (${kids} children)`}
                onClick={() => setOpen({ ...open, [k.id]: !open[k.id] })}
              >
                {open[k.id] ? '▾' : '▸'}
              </button>
            ) : (
              <span class="twisty" aria-hidden="true" />
            )}
            <button
              type="button"
              class="item"
              aria-pressed={props.selected === k.id ? 'true' : 'false'}
              onClick={() => props.onSelect(k)}
            >
              <span>{k.metadata.title}</span> <small>{k.type}</small> <StatusBadge status={k.status} />
              {props.noRole?.has(k.id) && (
                <>
                  {' '}
                  <NoRoleBadge />
                </>
              )}
            </button>
            {kids > 0 && open[k.id] && <Tree {...props} parent={k.id} />}
          </li>
        );
      })}
    </ul>
  );
}

function Details({
  item,
  api,
  count,
  rbacOn,
  onDeleted,
}: ViewProps & { item: Knowledge; count: number; rbacOn: boolean; onDeleted: () => void }) {
  const [extra, error] = useLoad(async () => {
    const [chunks, versions, access] = await Promise.all([
      api<{ chunks: Array<{ id: string; text: string; enabled: boolean; position: number }>; total: number }>(
        'GET',
        `/knowledge/${item.id}/chunks?limit=20`,
      ),
      api<{
        versions: Array<{ number: number; current: boolean; status: string; size: number; createdAt?: string }>;
      }>('GET', `/knowledge/${item.id}/versions`).catch(() => ({ versions: [] })),
      api<KnowledgeAccess>('GET', `/knowledge/${item.id}/access`),
    ]);
    return { chunks, versions: versions.versions, access };
  }, [item.id]);
  const [deleteError, setDeleteError] = useState('');
  const remove = async () => {
    try {
      if (count > 0) await api('DELETE', `/knowledge/${item.id}/children`);
      else await api('DELETE', `/knowledge/${item.id}`);
      onDeleted();
    } catch (e) {
      setDeleteError(reason(e));
    }
  };
  return (
    <Section title={`Item: ${item.metadata.title}`}>
      <dl class="facts">
        <dt>Id</dt>
        <dd class="mono">{item.id}</dd>
        <dt>Type</dt>
        <dd>{item.type}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={item.status} /> {item.messageError}
        </dd>
        <dt>Version</dt>
        <dd>{item.version}</dd>
        <dt>Created</dt>
        <dd>
          <When iso={item.createdAt} />
        </dd>
        <dt>Attributes</dt>
        <dd>
          {Object.entries(item.attributes)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(', ') || '—'}
        </dd>
        <dt>Categories</dt>
        <dd>{String(item.metadata.categories ?? item.metadata.category ?? '—')}</dd>
        <dt>Roles</dt>
        <dd data-testid="item-roles">
          {extra?.access.roles.map((r) => `${r.name} (${viaText(r.via)})`).join(', ') || 'none'}
        </dd>
      </dl>
      {extra && extra.access.roles.length === 0 && (
        <p class={rbacOn ? 'warning' : 'hint'} data-testid="item-no-role" role={rbacOn ? 'note' : undefined}>
          {rbacOn
            ? `${NO_ROLE_WARNING}. Assign it a role under Roles and access.`
            : 'It has no role: once RBAC is on, it is hidden from every role until it is assigned one.'}
        </p>
      )}
      <ErrorLine error={error} />
      {extra && (
        <>
          <h3>
            Chunks ({extra.access.chunks.enabled} of {extra.access.chunks.total} enabled)
          </h3>
          <ol class="chunks">
            {extra.chunks.chunks.map((c) => (
              <li key={c.id} class={c.enabled ? '' : 'disabled'}>
                {c.text.slice(0, 160)}
                {c.enabled ? '' : ' (disabled)'}
              </li>
            ))}
          </ol>
          <h3>Versions</h3>
          <ul>
            {extra.versions.map((v) => (
              <li key={v.number}>
                v{v.number} {v.status} {v.size} bytes {v.current ? '(current)' : ''}
                {v.createdAt && (
                  <>
                    {' '}
                    <When iso={v.createdAt} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Confirm
        danger
        label="Delete"
        question={
          count > 0
            ? `Delete "${item.metadata.title}" and its ${count} descendant${count === 1 ? '' : 's'}?`
            : `Delete "${item.metadata.title}"?`
        }
        onConfirm={() => void remove()}
      />
      <ErrorLine error={deleteError} />
    </Section>
  );
}

function AddSources({ api, started, onAdded }: ViewProps & { onAdded: () => void }) {
  const [kind, setKind] = useState<'text' | 'url' | 'website'>('text');
  const [title, setTitle] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [crawl, setCrawl] = useState<JobState>();
  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      const body =
        kind === 'text'
          ? { title, text: value }
          : { url: value, ...(title ? { title } : {}), ...(kind === 'website' ? { maxPages: 50 } : {}) };
      const res = await api<{ jobId: string }>('POST', `/knowledge/${kind}`, body);
      started({ jobId: res.jobId, what: `${kind} ${title || value}`.slice(0, 80) });
      if (kind === 'website') setCrawl({ jobId: res.jobId, status: 'RUNNING' });
      setValue('');
      setTitle('');
      onAdded();
    } catch (err) {
      setError(reason(err));
    }
  };
  // A crawl's progress, polled while it runs.
  useEffect(() => {
    if (!crawl || crawl.status !== 'RUNNING') return;
    const timer = setTimeout(async () => {
      const [state] = await jobStates(api, [crawl.jobId]).catch(() => [crawl]);
      setCrawl(state ?? crawl);
      if (state && state.status !== 'RUNNING') onAdded();
    }, 700);
    return () => clearTimeout(timer);
  }, [crawl]);
  const p = crawl?.progress;
  return (
    <form onSubmit={submit} class="add">
      <fieldset>
        <legend>Add knowledge</legend>
        {(['text', 'url', 'website'] as const).map((k) => (
          <label class="inline" key={k}>
            <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} />
            {k === 'text' ? 'Text item' : k === 'url' ? 'URL item' : 'Website crawl'}
          </label>
        ))}
        <label>
          Title{kind === 'text' ? '' : ' (optional)'}
          <input value={title} required={kind === 'text'} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label>
          {kind === 'text' ? 'Text' : 'Address (URL)'}
          {kind === 'text' ? (
            <textarea required value={value} onInput={(e) => setValue(e.currentTarget.value)} />
          ) : (
            <input type="url" required value={value} onInput={(e) => setValue(e.currentTarget.value)} />
          )}
        </label>
        <button class="primary" type="submit">
          Add
        </button>
        <ErrorLine error={error} />
        {crawl && (
          <div data-testid="crawl-progress" role="status">
            Crawl {crawl.status}: {p?.pagesDone ?? 0} of {p?.pagesDiscovered ?? 0} pages indexed
            {p?.pagesFailed ? `, ${p.pagesFailed} failed` : ''}
            <progress
              max={Math.max(1, p?.pagesDiscovered ?? 1)}
              value={p?.pagesDone ?? 0}
              aria-label="Crawl progress"
            />
          </div>
        )}
      </fieldset>
    </form>
  );
}

export function KnowledgeView(props: ViewProps) {
  const { session, started, api } = props;
  const [items, error, reload] = useLoad(() => listKnowledge(api), []);
  const [rbac] = useLoad(() => rbacStatus(api), []);
  const rbacOn = rbac?.rbacEnabled === true;
  // Which items no role can see: asked only under ACTIVE RBAC, again when items come or go (not on each reload
  // while some are processing).
  const [noRole] = useLoad(
    () => (rbacOn && items ? itemsWithoutRole(api, items) : Promise.resolve(undefined)),
    [rbacOn, (items ?? []).map((i) => i.id).join()],
  );
  const [selected, setSelected] = useState<Knowledge>();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const tree = childrenOf(items ?? []);
  // Uploads are followed while this view is shown.
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const upload = (files: File[]) => {
    const base = uploads.length;
    setUploads((u) => [
      ...u,
      ...files.map((f) => ({ name: f.name, progress: 0, state: 'uploading' as const, detail: '' })),
    ]);
    const set = (i: number, patch: Partial<Upload>) =>
      setUploads((u) => u.map((x, j) => (j === base + i ? { ...x, ...patch } : x)));
    files.forEach(async (file, i) => {
      let uploadId: string;
      try {
        const res = await uploadFile(session, file, (progress) => set(i, { progress }));
        started({ jobId: res.jobId, what: `upload ${file.name}` });
        uploadId = res.uploadFileMetadataId;
        set(i, { state: 'processing', detail: 'uploaded; processing' });
      } catch (e) {
        set(i, { state: 'refused', detail: reason(e) });
        return;
      }
      try {
        // The item appears in the list as soon as it exists, and its status follows until it settles.
        const item = await trackUpload(api, uploadId, () => mounted.current, reload);
        if (item?.status === 'COMPLETED') set(i, { state: 'indexed', detail: 'indexed: searchable now' });
        else if (item?.status === 'BACKGROUND_ERROR') {
          const failed = await api<Knowledge>('GET', `/knowledge/${item.id}`);
          set(i, { state: 'failed', detail: `processing failed: ${failed.messageError ?? 'no reason given'}` });
        }
      } catch (e) {
        set(i, { state: 'failed', detail: reason(e) });
      }
    });
  };
  // Items still processing: reload until they settle.
  useEffect(() => {
    if (!items?.some((i) => i.status === 'BACKGROUND_START')) return;
    const timer = setTimeout(reload, 1500);
    return () => clearTimeout(timer);
  }, [items]);

  return (
    <div class="split">
      <div>
        <Section title="Knowledge">
          <div
            class={dragging ? 'drop dragging' : 'drop'}
            data-testid="drop-zone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              upload([...(e.dataTransfer?.files ?? [])]);
            }}
          >
            <label>
              Drop files here, or choose them
              <input
                type="file"
                multiple
                name="files"
                onChange={(e) => {
                  upload([...(e.currentTarget.files ?? [])]);
                  e.currentTarget.value = '';
                }}
              />
            </label>
          </div>
          {uploads.length > 0 && (
            <ul class="uploads" aria-label="Uploads">
              {uploads.map((u, i) => (
                <li key={i} data-testid="upload" data-state={u.state} class={`upload ${u.state}`}>
                  <span>{u.name}</span>
                  {u.state === 'refused' || u.state === 'failed' ? (
                    <span class="error" role="alert">
                      {u.state === 'refused' ? 'Refused' : 'Failed'}: {u.detail}
                    </span>
                  ) : (
                    <>
                      <progress max={1} value={u.progress} aria-label={`Upload of ${u.name}`} />
                      <span>{u.state === 'uploading' ? 'uploading' : u.detail}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <ErrorLine error={error} />
          {items && items.length === 0 && (
            <p class="hint" data-testid="knowledge-empty">
              No knowledge yet: drop files above, or add a text, a URL or a website below.
            </p>
          )}
          {rbacOn && noRole && noRole.size > 0 && (
            <p class="warning" data-testid="no-role-warning" role="note">
              {noRole.size} item{noRole.size === 1 ? '' : 's'} marked <strong>no role</strong>: {NO_ROLE_WARNING}.
            </p>
          )}
          <Tree
            tree={tree}
            parent={null}
            selected={selected?.id}
            noRole={rbacOn ? noRole : undefined}
            onSelect={setSelected}
          />
        </Section>
        <AddSources {...props} onAdded={reload} />
      </div>
      <div>
        {selected ? (
          <Details
            {...props}
            key={selected.id}
            item={items?.find((i) => i.id === selected.id) ?? selected}
            count={descendants(tree, selected.id)}
            rbacOn={rbacOn}
            onDeleted={() => {
              setSelected(undefined);
              reload();
            }}
          />
        ) : (
          <p class="hint">Choose an item to see its chunks, versions and roles.</p>
        )}
      </div>
    </div>
  );
}
