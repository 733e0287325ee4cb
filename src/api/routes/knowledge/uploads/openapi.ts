// The upload operations: upload a file, and track an upload.
import { z } from 'zod';
import { UploadMessages } from '../../../../services/knowledge/uploads';
import { UpsertMessages } from '../../../../services/knowledge/upserts';
import { withWorkspace, type ApiOperation, operations } from '../../../openapi/operation';
import { KnowledgeUpsertedSchema, EXTERNAL_ID_MESSAGE } from '../schema';
import { UploadFileMetadataSchema, UploadFormSchema, UploadResponseSchema } from './schema';
import { fileUpsertExamples, uploadFileExamples, uploadFileMetadataExamples } from '../examples';
import { UPSERT_DESCRIPTION, base, fileErrors, upsertAnswers, upsertConflicts } from '../items/openapi';

const knowledgeOps = operations('Knowledge');

export const uploadsOperations: ApiOperation[] = [
  knowledgeOps.post(`${base}/file`, 'uploadFile', {
    summary: 'Upload a file (synchronous, or with status=BACKGROUND_START asynchronous)',
    description:
      'Accepted types: PDF, Word (.doc, .docx), text, Markdown, Excel (.xls, .xlsx), CSV, JPEG, PNG, GIF, WebP, MP4, ' +
      'MPEG audio, WAV, ZIP and JSON; the declared type must match the bytes. With status=BACKGROUND_START the ' +
      'answer comes at once (track it through upload-file-metadata, then get-knowledge); otherwise when the item is ' +
      'searchable, or with status PROCESSING past SYNC_UPLOAD_TIMEOUT_MS. ' +
      UPSERT_DESCRIPTION,
    multipart: UploadFormSchema,
    examples: uploadFileExamples,
    ok: [
      200,
      'The upload (and, synchronously, its item); or (externalId of an existing item) its content unchanged',
      z.union([...UploadResponseSchema.options, KnowledgeUpsertedSchema]),
      {
        links: {
          getUploadFileMetadata: {
            operationId: 'getUploadFileMetadata',
            parameters: { uploadFileMetadataId: '$response.body#/uploadFileMetadataId' },
          },
        },
      },
    ],
    also: upsertAnswers(fileUpsertExamples),
    errors: {
      400: [
        ...fileErrors[400],
        'Invalid status value, must be BACKGROUND_START',
        'spaceId must be a valid UUID',
        'unpack must be true or false',
        UploadMessages.unpackNeedsZip,
        EXTERNAL_ID_MESSAGE,
        UpsertMessages.unpack,
      ],
      403: fileErrors[403],
      404: [{ error: 'Error', message: 'Space not found' }],
      409: [...upsertConflicts, UpsertMessages.otherSpace],
      413: fileErrors[413],
      422: ['Failed to process file: …'],
      503: fileErrors[503],
    },
  }),
  knowledgeOps.get(
    '/v1/workspaces/{workspaceId}/upload-file-metadata/{uploadFileMetadataId}',
    'getUploadFileMetadata',
    {
      summary: 'Track an upload: knowledge is null until background processing created the item',
      params: withWorkspace({ uploadFileMetadataId: z.uuid().meta({ description: 'The upload' }) }),
      examples: uploadFileMetadataExamples,
      ok: [
        200,
        'The upload',
        UploadFileMetadataSchema,
        {
          links: {
            getKnowledge: { operationId: 'getKnowledge', parameters: { knowledgeId: '$response.body#/knowledge/id' } },
          },
        },
      ],
      errors: { 400: ['Invalid upload file metadata ID format'], 404: ['Upload file metadata not found'] },
    },
  ),
];
