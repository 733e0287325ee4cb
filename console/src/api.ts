// The console's only way to the service: the public API, with the access token the operator's API key was
// exchanged for. The key itself is sent once, to the token endpoint, and never kept.

export interface Session {
  workspaceId: string;
  organizationId: string;
  token: string;
  /** The key, kept only in memory, to mint role-bound tokens for the search playground. */
  apiKey: string;
}

/** An error answer: the spec's `error` and `message`, and the one-line `hint` the service may add beside them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The error an answer body describes (its optional help fields may be missing). */
function apiError(status: number, body: unknown): ApiError {
  const e = (body ?? {}) as { error?: string; message?: string; hint?: unknown };
  return new ApiError(
    status,
    e.error ?? 'Error',
    e.message ?? `HTTP ${status}`,
    typeof e.hint === 'string' ? e.hint : undefined,
  );
}

/** What went wrong, as one line for a person: the message, then the hint when there is one. */
export const reason = (err: unknown): string =>
  err instanceof ApiError && err.hint ? `${err.message}. ${err.hint}` : (err as Error).message;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

async function answer<T>(res: Response): Promise<T> {
  const body = parse(await res.text());
  if (!res.ok) throw apiError(res.status, body);
  return body as T;
}

/** The organization an access token names (its payload is not secret; the service verifies the signature). */
function tokenOrganization(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  const org = json.organizationId ?? json.org ?? json.organization_id;
  return typeof org === 'string' ? org : '';
}

/** POST /workspaces/{workspaceId}/generate-access-key-token: a workspace token, or one bound to a role. */
export async function mintToken(workspaceId: string, apiKey: string, roleId?: string): Promise<string> {
  const res = await fetch(`/workspaces/${encodeURIComponent(workspaceId)}/generate-access-key-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(roleId ? { roleId } : {}),
  });
  return (await answer<{ token: string }>(res)).token;
}

/** GET /api-keys/current: the workspace the key belongs to (the key is looked up by its hash, as on every use). */
async function keyWorkspace(apiKey: string): Promise<string> {
  const res = await fetch('/api-keys/current', { headers: { 'x-api-key': apiKey } });
  return (await answer<{ workspaceId: string }>(res)).workspaceId;
}

/** Signs in with the key alone: it names its workspace, then it is exchanged for a workspace token. */
export async function signIn(apiKey: string): Promise<Session> {
  const workspaceId = await keyWorkspace(apiKey);
  const token = await mintToken(workspaceId, apiKey);
  return { workspaceId, apiKey, token, organizationId: tokenOrganization(token) };
}

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls paths relative to the workspace (`/v1/workspaces/{id}` + path, or `~/…` for the unversioned ones). */
export function workspaceApi(session: Session, token = session.token, extra: Record<string, string> = {}): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const url = path.startsWith('~/')
      ? `/workspaces/${session.workspaceId}/${path.slice(2)}`
      : `/v1/workspaces/${session.workspaceId}${path}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      organizationid: session.organizationId,
      ...extra,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return answer<T>(res);
  };
}

/** What POST …/knowledge/file answers with status=BACKGROUND_START: the upload, tracked until its item exists. */
export interface UploadStarted {
  uploadFileMetadataId: string;
  jobId: string;
}

/** A multipart file upload with its progress (fetch reports none), answering the upload's JSON. */
export function uploadFile(
  session: Session,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadStarted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/v1/workspaces/${session.workspaceId}/knowledge/file`);
    xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.setRequestHeader('organizationid', session.organizationId);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as UploadStarted);
      } else reject(apiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Error', 'Network error'));
    const form = new FormData();
    form.append('status', 'BACKGROUND_START');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
