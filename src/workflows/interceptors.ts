// Workflow interceptors (bundled with the workflows; deterministic): the request id that started a job,
// kept in its memo, goes on to every activity it schedules (as a header, for their log lines) and to the
// child workflows it starts (memo and RequestId search attribute), so one upload can be followed from
// the HTTP log through every workflow and activity it caused.
import {
  defaultPayloadConverter,
  workflowInfo,
  type ActivityInput,
  type Next,
  type StartChildWorkflowExecutionInput,
  type WorkflowInterceptorsFactory,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import { SearchAttributes } from './contracts';

/** Same value as REQUEST_ID_HEADER in src/observability/context.ts (workflows cannot import it). */
const REQUEST_ID_HEADER = 'kws-request-id';

function requestId(): string | undefined {
  const value = workflowInfo().memo?.requestId;
  return typeof value === 'string' ? value : undefined;
}

class RequestIdOutbound implements WorkflowOutboundCallsInterceptor {
  scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
    const id = requestId();
    if (!id) return next(input);
    return next({
      ...input,
      headers: { ...input.headers, [REQUEST_ID_HEADER]: defaultPayloadConverter.toPayload(id) },
    });
  }

  startChildWorkflowExecution(
    input: StartChildWorkflowExecutionInput,
    next: Next<WorkflowOutboundCallsInterceptor, 'startChildWorkflowExecution'>,
  ) {
    const id = requestId();
    if (!id) return next(input);
    const typed = input.options.typedSearchAttributes;
    return next({
      ...input,
      options: {
        ...input.options,
        memo: { ...input.options.memo, requestId: id },
        typedSearchAttributes: Array.isArray(typed)
          ? [...typed, { key: SearchAttributes.requestId, value: id }]
          : (typed?.updateCopy([{ key: SearchAttributes.requestId, value: id }]) ?? [
              { key: SearchAttributes.requestId, value: id },
            ]),
      },
    });
  }
}

export const interceptors: WorkflowInterceptorsFactory = () => ({ outbound: [new RequestIdOutbound()] });
