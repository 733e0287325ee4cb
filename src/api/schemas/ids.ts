// An id a request sends (a body field, a query parameter, a form field, an array's item): any string that is a
// UUID, read in lower case, as the database answers it (a UUID's case carries nothing: RFC 9562). Response ids are
// `uuid()` in openapi/operation.ts.
import { z } from 'zod';
import { isUuid } from '../../ids';

export interface UuidInput {
  /** The message when the value is no string (a JSON number, null, an object); by default zod's. */
  typeError?: string;
  /** The field's description in the document. */
  description?: string;
}

/** A UUID string, lower-cased; `message` answers a string that is no UUID (and, by default, nothing else). */
export const uuidInput = (message: string, opts: UuidInput = {}) =>
  (opts.typeError === undefined ? z.string() : z.string({ error: opts.typeError }))
    .refine(isUuid, { message, params: { uuid: true } })
    .toLowerCase()
    .meta({ format: 'uuid', ...(opts.description === undefined ? {} : { description: opts.description }) });
