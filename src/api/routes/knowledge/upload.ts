// Receiving an uploaded file: the body streams to storage while it is read (stageUpload), under a
// per-process cap on uploads receiving at once (503 with Retry-After past it, before the body is read).
import type { Context } from 'koa';
import type { WorkspaceRow } from '../../../db/rows';
import type { Deps } from '../../../services/deps';
import { badRequest } from '../../../errors';
import type { Semaphore } from '../../../semaphore';
import { type StagedUpload, stageUpload, uploadsBusy } from '../../../services/uploads';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../middleware/text';
import { readMultipart, refuseUnread } from '../../multipart';

export async function receiveUpload(
  ctx: Context,
  deps: Deps,
  workspace: WorkspaceRow,
  gate: Semaphore,
): Promise<{ fields: Record<string, string>; staged: StagedUpload }> {
  const release = gate.tryAcquire();
  if (!release) throw refuseUnread(ctx, uploadsBusy());
  try {
    const { fields, file } = await readMultipart(ctx, {
      fileField: 'file',
      maxFileBytes: deps.config.limits.maxUploadBytes,
      onFile: (part, signal) =>
        // The filename is stored as the item's title: NUL and unpaired surrogates are refused before staging.
        isUnsafeText(part.filename)
          ? Promise.reject(badRequest(UNSAFE_TEXT_MESSAGE))
          : stageUpload(
              deps,
              workspace,
              {
                filename: part.filename,
                declaredMime: part.mimeType,
                stream: part.stream,
                declaredBytes: Number(ctx.get('content-length')) || undefined,
              },
              signal,
            ),
    });
    if (!file) throw badRequest('Missing required field');
    return { fields, staged: file };
  } finally {
    release();
  }
}
