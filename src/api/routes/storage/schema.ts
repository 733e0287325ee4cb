import { z } from 'zod';

export const StorageUsageSchema = z.strictObject({
  usedBytes: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Bytes of the workspace's stored files (uploads, archive members, crawled files)" }),
  quotaBytes: z.number().int().min(0).meta({
    description: "The workspace's quota: its own, else the service's default; an upload beyond it is refused",
  }),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;
