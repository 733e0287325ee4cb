// Receiving an uploaded file: the body streams to storage while it is read (stageUpload), under a
// per-process cap on uploads receiving at once (503 with Retry-After past it, before the body is read). The form's
// text fields are validated once the body is read; a refused form leaves nothing stored.
import type { Context } from 'koa';
import type { z } from 'zod';
import type { WorkspaceRow } from '../../../db/rows';
import type { Deps } from '../../../services/deps';
import { badRequest } from '../../../errors';
import type { Semaphore } from '../../../semaphore';
import { discardUpload, type StagedUpload, stageUpload, uploadsBusy } from '../../../services/knowledge/uploads';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../middleware/text';
import { readMultipart, refuseUnread } from '../../multipart';
import { validate } from '../../validate';

export async function receiveUpload<S extends z.ZodType>(
  ctx: Context,
  deps: Deps,
  workspace: WorkspaceRow,
  gate: Semaphore,
  fieldsSchema: S,
): Promise<{ input: z.infer<S>; staged: StagedUpload }> {
  const release = gate.tryAcquire();
  if (!release) throw refuseUnread(ctx, uploadsBusy());
  try {
    const { fields, file, strayFiles } = await readMultipart(ctx, {
      fileField: 'file',
      maxFileBytes: deps.config.limits.maxUploadBytes,
      stallMs: deps.config.limits.requestTimeoutMs,
      onFile: (part, signal) =>
        // The filename is stored as the item's title: NUL and unpaired surrogates are refused before staging.
        isUnsafeText(part.filename)
          ? Promise.reject(badRequest(UNSAFE_TEXT_MESSAGE, { code: 'unsafe_text', param: 'file' }))
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
    if (!file) {
      throw badRequest('Missing required field', {
        code: 'missing_field',
        param: 'file',
        hint: strayFiles.length
          ? `The file came as the part ${strayFiles[0]}: name its part file (curl -F file=@path).`
          : 'Send the file as a part named file (curl -F file=@path).',
      });
    }
    try {
      return { input: validate(fieldsSchema, fields), staged: file };
    } catch (err) {
      await discardUpload(deps, workspace, file);
      throw err;
    }
  } finally {
    release();
  }
}
