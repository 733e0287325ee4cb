// Receiving an uploaded file: the body streams to storage while it is read (stageUpload), under a
// per-process cap on uploads receiving at once and a per-workspace share of it (503 or 429 with Retry-After
// past them, before the body is read), and a floor on the rate the body arrives at (408 below it). The form's
// text fields are validated once the body is read; a refused form leaves nothing stored.
import type { Context } from 'koa';
import type { z } from 'zod';
import type { WorkspaceRow } from '../../../db/rows';
import type { Deps } from '../../../services/deps';
import { badRequest } from '../../../errors';
import { discardUpload, type StagedUpload, stageUpload, type UploadGate } from '../../../services/knowledge/uploads';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../middleware/text';
import { readMultipart, refuseUnread } from '../../multipart';
import { validate } from '../../validate';

export async function receiveUpload<S extends z.ZodType>(
  ctx: Context,
  deps: Deps,
  workspace: WorkspaceRow,
  gate: UploadGate,
  fieldsSchema: S,
): Promise<{ input: z.infer<S>; staged: StagedUpload }> {
  const release = gate.tryAcquire(workspace.id);
  if (release instanceof Error) throw refuseUnread(ctx, release);
  try {
    const { fields, file, strayFiles } = await readMultipart(ctx, {
      fileField: 'file',
      maxFileBytes: deps.config.limits.maxUploadBytes,
      stallMs: deps.config.limits.requestTimeoutMs,
      minBytesPerSecond: deps.config.limits.uploadMinBytesPerSecond,
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
