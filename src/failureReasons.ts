// The fixed vocabulary of failure reasons users see: messageError on a knowledge item, the error of a
// background job, the 422 of a synchronous upload. Details (parser messages, driver errors, SQL) go to
// the logs only. No imports: the workflows use it too.
export const FailureReasons = {
  pdfDamaged: 'The PDF is damaged or encrypted',
  wordDamaged: 'The Word document is damaged or encrypted',
  spreadsheetDamaged: 'The spreadsheet is damaged or encrypted',
  archiveDamaged: 'The archive is damaged or encrypted',
  imageUnreadable: 'The image is damaged or in an unreadable format',
  mediaUnreadable: 'The audio or video file is damaged or has no readable stream',
  textUnreadable: 'The file is not valid UTF-8 or UTF-16 text',
  jsonInvalid: 'The file is not valid JSON',
  typeMismatch: "The file's content does not match its type",
  unsupportedType: 'The file type is not supported',
  empty: 'No text could be extracted from the file',
  timeBudget: 'The file exceeds the extraction time budget',
  memoryBudget: 'The file exceeds the extraction memory budget',
  archiveLimits: 'The file would decompress beyond the size, entry or compression limits',
  tooManyPages: 'The document has more pages than the limit allows',
  imageTooLarge: 'The image has more pixels than the limit allows',
  parserFailed: 'The file made its parser fail',
  missingFile: 'The stored file is missing',
  processingFailed: 'The file could not be processed; upload it again',
  deleted: 'The item was deleted during processing',
} as const;

export type FailureReason = (typeof FailureReasons)[keyof typeof FailureReasons];
