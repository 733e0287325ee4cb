// How much of the process's upload capacity one workspace may hold (docs/reference/limits.md). The process
// receives at most MAX_CONCURRENT_UPLOADS bodies at once, for every tenant together. A workspace may always take
// up to its share, and more only while more than a share's worth of slots stay free, so one tenant's slow or many
// uploads cannot take every slot and leave the others refused (503). The share is
// MAX_CONCURRENT_UPLOADS_PER_WORKSPACE, else a quarter of the process's slots (at least one).

/** The slots of `capacity` one workspace may hold at once. */
export function workspaceUploadShare(capacity: number, configured?: number): number {
  const share = configured ?? Math.floor(capacity / 4);
  return Math.max(1, Math.min(capacity, share));
}
