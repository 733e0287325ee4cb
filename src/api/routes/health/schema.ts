import { z } from 'zod';

export const CheckSchema = z
  .discriminatedUnion('status', [
    z.strictObject({ status: z.literal('up') }),
    z.strictObject({ status: z.literal('down'), error: z.string() }),
  ])
  .meta({ id: 'ReadinessCheck' });
export type Check = z.infer<typeof CheckSchema>;

const checks = z.strictObject({ database: CheckSchema, temporal: CheckSchema, storage: CheckSchema });

export const LivenessSchema = z.strictObject({ status: z.literal('ok') });
export const ReadySchema = z.strictObject({ status: z.literal('ready'), checks });
export const NotReadySchema = z.strictObject({
  error: z.literal('Service Unavailable'),
  message: z.string(),
  status: z.literal('unavailable'),
  checks,
});
