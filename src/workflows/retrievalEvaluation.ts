// A retrieval evaluation (services/search/retrievalEvaluations.ts): batches of questions, each question searched under
// every run and recorded once, until none is left; then the metrics are stored. Each batch starts at the first
// question without results, so a batch retried on another worker (its worker lost, or shut down mid-batch) goes
// on where the recorded results end and never evaluates a recorded question again. Progress is the row's count
// of questions done (background-jobs reads it).
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from './activityContract';
import {
  ACTIVITY_HEARTBEAT_TIMEOUT,
  JOB_FAILURE_TYPES,
  type RetrievalEvaluationInput,
  type RetrievalEvaluationResult,
} from './contracts';

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 20 },
});

/** What the evaluation records when it fails: a refusal's own message, else a fixed one (details are logged). */
function failureMessage(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type && JOB_FAILURE_TYPES.includes(cause.type)) {
    return cause.message;
  }
  return 'The evaluation failed; the worker logged why';
}

export async function retrievalEvaluationWorkflow(input: RetrievalEvaluationInput): Promise<RetrievalEvaluationResult> {
  const { workspaceId, evaluationId } = input;
  let evaluated = 0;
  try {
    for (;;) {
      const batch = await acts.evaluateRetrievalBatch({ workspaceId, evaluationId, limit: input.batchSize });
      if (batch.state === 'gone') return { status: 'DELETED', questionsEvaluated: evaluated };
      evaluated += batch.evaluated;
      if (batch.remaining === 0) break;
    }
  } catch (err) {
    const message = failureMessage(err);
    await acts.finishRetrievalEvaluation({ workspaceId, evaluationId, error: message });
    throw err;
  }
  await acts.finishRetrievalEvaluation({ workspaceId, evaluationId });
  return { status: 'COMPLETED', questionsEvaluated: evaluated };
}
