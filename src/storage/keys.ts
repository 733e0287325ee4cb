// Object key layout: org/<organizationId>/ws/<workspaceId>/<area>/<id>/<name>. The workspace segment
// lets purges and quotas be scoped, and lets an operator find a workspace's files. Any file name maps to
// a safe last segment: letters, digits, '.', '_' and '-', no run of dots, not starting with a dot.
export function workspacePrefix(organizationId: string, workspaceId: string): string {
  return `org/${organizationId}/ws/${workspaceId}/`;
}

export function safeKeySegment(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._]+/, '')
    .slice(0, 200);
  return safe || 'file';
}

export function uploadKey(organizationId: string, workspaceId: string, uploadId: string, filename: string): string {
  return `${workspacePrefix(organizationId, workspaceId)}uploads/${uploadId}/${safeKeySegment(filename)}`;
}

/**
 * Whether a key lies inside the workspace's prefix: its workspace segment matches, and no segment is
 * empty, "." or ".." (which a file-system backed S3 server could read as a path step). A name with dots
 * inside it, such as v1..2.pdf, is just a name.
 */
export function storageKeyBelongsTo(key: string, workspaceId: string): boolean {
  return (
    /^org\/[0-9a-f-]{36}\/ws\/([0-9a-f-]{36})\//.exec(key)?.[1] === workspaceId &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}
