// The console's only way to the service: the public API, with the access token the operator's API key was
// exchanged for. The key itself is sent once, to the token endpoint, and never kept.

export interface Session {
  workspaceId: string;
  organizationId: string;
  token: string;
  /** The key, kept only in memory, to mint role-bound tokens for the search playground. */
  apiKey: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = (body ?? {}) as { error?: string; message?: string };
    throw new ApiError(res.status, e.error ?? 'Error', e.message ?? `HTTP ${res.status}`);
  }
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

export async function signIn(workspaceId: string, apiKey: string): Promise<Session> {
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

/** A multipart file upload with its progress (fetch reports none), answering the upload's JSON. */
export function uploadFile(session: Session, file: File, onProgress: (fraction: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/v1/workspaces/${session.workspaceId}/knowledge/file`);
    xhr.setRequestHeader('authorization', `Bearer ${session.token}`);
    xhr.setRequestHeader('organizationid', session.organizationId);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.responseText ? JSON.parse(xhr.responseText) : {}) as { error?: string; message?: string };
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body);
      } else reject(new ApiError(xhr.status, body.error ?? 'Error', body.message ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Error', 'Network error'));
    const form = new FormData();
    form.append('status', 'BACKGROUND_START');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
