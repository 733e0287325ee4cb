import { z } from 'zod';

/** Up or down, nothing more: why a component is down goes to the logs. */
export const CheckSchema = z.strictObject({ status: z.enum(['up', 'down']) }).meta({ id: 'ReadinessCheck' });
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
