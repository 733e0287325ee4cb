import { z } from 'zod';

export const StorageUsageSchema = z.strictObject({
  usedBytes: z.number().int().min(0).meta({
    description: "The workspace's storage figure: its files' bytes and its messages' (fileBytes + messageBytes)",
  }),
  quotaBytes: z.number().int().min(0).meta({
    description:
      "The workspace's quota: its own, else the service's default; an upload or a message beyond it is refused",
  }),
  fileBytes: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Bytes of the workspace's stored files (uploads, archive members, crawled files)" }),
  messageBytes: z
    .number()
    .int()
    .min(0)
    .meta({ description: "Bytes of the workspace's space messages and agent thread messages" }),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;
