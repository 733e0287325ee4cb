import { z } from 'zod';
import { isUuid } from '../../../ids';

const MISSING = 'Missing required field';
const INVALID = 'Invalid field value';
export const CUSTOMER_ROLE_ID = /^[A-Za-z0-9_-]{1,255}$/;

const name = z.string({ error: INVALID }).trim().min(1, { message: INVALID }).max(255, { message: INVALID });
const description = z.string({ error: INVALID }).max(2000, { message: INVALID }).nullable();
const customerRoleId = z.string({ error: INVALID }).regex(CUSTOMER_ROLE_ID, { message: INVALID });

/**
 * A customerRoleId a request names to pick a role (tokens, user spaces): checked against the spec's format
 * (at most 255 letters, digits, hyphens, underscores) before any lookup.
 */
export const CUSTOMER_ROLE_ID_FORMAT =
  'customerRoleId must be 1 to 255 characters: letters, digits, hyphen or underscore';
export const CustomerRoleIdReference = z
  .string({ error: 'customerRoleId must be a string' })
  .regex(CUSTOMER_ROLE_ID, { message: CUSTOMER_ROLE_ID_FORMAT });

export const CreateRoleSchema = z.object(
  {
    name: z
      .unknown()
      .refine((v) => v !== undefined && v !== null, { message: MISSING })
      .pipe(name),
    description: description.optional(),
    customerRoleId: customerRoleId.nullable().optional(),
  },
  { error: MISSING },
);
export type CreateRoleInput = z.infer<typeof CreateRoleSchema>;

export const UpdateRoleSchema = z.object(
  {
    name: name.optional(),
    description: description.optional(),
    customerRoleId: customerRoleId.nullable().optional(),
  },
  { error: INVALID },
);
export type UpdateRoleInput = z.infer<typeof UpdateRoleSchema>;

export const FindRolesSchema = z
  .object(
    {
      customerRoleId: z.string({ error: INVALID }).optional(),
      name: z.string({ error: INVALID }).optional(),
    },
    { error: 'At least one search criterion required' },
  )
  .refine((b) => (b.customerRoleId ?? '') !== '' || (b.name ?? '').trim() !== '', {
    message: 'At least one search criterion required',
  });
export type FindRolesInput = z.infer<typeof FindRolesSchema>;

const ROLE_IDS = 'roleIds must be an array of valid UUIDs';
export const RoleIdsSchema = z.object(
  {
    roleIds: z
      .array(z.string({ error: ROLE_IDS }).refine(isUuid, { message: ROLE_IDS }), { error: ROLE_IDS })
      .min(1, { message: ROLE_IDS })
      .max(100, { message: 'roleIds may hold at most 100 ids' }),
  },
  { error: ROLE_IDS },
);
export type RoleIdsInput = z.infer<typeof RoleIdsSchema>;

export const RbacStatusSchema = z.object(
  { rbacEnabled: z.boolean({ error: 'rbacEnabled must be a boolean' }) },
  { error: 'rbacEnabled must be a boolean' },
);

export const BackgroundJobsSchema = z.object(
  {
    jobIds: z
      .array(z.string({ error: 'jobIds must be an array of strings' }).min(1).max(1000), {
        error: 'jobIds must be an array of strings',
      })
      .min(1, { message: 'jobIds must be a non-empty array of strings' })
      .max(100, { message: 'jobIds may hold at most 100 ids' }),
  },
  { error: 'jobIds must be an array of strings' },
);

/** A website crawl job's `progress` in the background-jobs answer (README "RBAC, roles and jobs"). */
export const CrawlProgressSchema = z.object({
  pagesDone: z.number().int(),
  pagesDiscovered: z.number().int(),
  pagesFailed: z.number().int(),
  pagesSkipped: z.number().int(),
});
export type CrawlProgressOutput = z.infer<typeof CrawlProgressSchema>;
