import { z } from 'zod';
import { isUuid } from '../../../ids';
import { CustomerRoleIdReference } from '../roles/schema';

export const GenerateAccessTokenSchema = z
  .object(
    {
      customerRoleId: CustomerRoleIdReference.optional(),
      roleId: z
        .string({ error: 'roleId must be a valid UUID' })
        .refine(isUuid, { message: 'roleId must be a valid UUID' })
        .optional(),
    },
    { error: 'Request body must be a JSON object' },
  )
  .refine((b) => !(b.customerRoleId !== undefined && b.roleId !== undefined), {
    message: 'Provide either customerRoleId or roleId, not both',
  });
export type GenerateAccessTokenInput = z.infer<typeof GenerateAccessTokenSchema>;
