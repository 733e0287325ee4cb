// Worker-side interceptors: an activity runs inside the request context of the request that started its
// workflow (the header set by src/workflows/interceptors.ts), so its log lines carry that request id.
import { defaultPayloadConverter } from '@temporalio/common';
import type { ActivityInboundCallsInterceptor, ActivityInterceptorsFactory, Next } from '@temporalio/worker';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN, runWithRequestContext } from '../observability/context';

export const requestIdActivityInterceptor: ActivityInterceptorsFactory = () => ({
  inbound: {
    execute(input, next: Next<ActivityInboundCallsInterceptor, 'execute'>) {
      const payload = input.headers[REQUEST_ID_HEADER];
      const requestId = payload ? defaultPayloadConverter.fromPayload<unknown>(payload) : undefined;
      if (typeof requestId !== 'string' || !REQUEST_ID_PATTERN.test(requestId)) return next(input);
      return runWithRequestContext({ requestId }, () => next(input));
    },
  },
});

/** Workflow interceptor modules every worker bundles (plus the tracing ones when tracing is on). */
export const workflowInterceptorModules = [require.resolve('../workflows/interceptors')];
