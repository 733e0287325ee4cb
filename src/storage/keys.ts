// Object key layout: org/<organizationId>/ws/<workspaceId>/<area>/<id>/<name>. The workspace segment
// lets purges and quotas be scoped, and lets an operator find a workspace's files.
export function workspacePrefix(organizationId: string, workspaceId: string): string {
  return `org/${organizationId}/ws/${workspaceId}/`;
}

export function uploadKey(organizationId: string, workspaceId: string, uploadId: string, filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 200) || 'file';
  return `${workspacePrefix(organizationId, workspaceId)}uploads/${uploadId}/${safe}`;
}

export function storageKeyBelongsTo(key: string, workspaceId: string): boolean {
  return /^org\/[0-9a-f-]{36}\/ws\/([0-9a-f-]{36})\//.exec(key)?.[1] === workspaceId && !key.includes('..');
}
