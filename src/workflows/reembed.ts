// Re-embeds every chunk with another model beside the live vectors, then switches atomically (`kws reembed`;
// services/search/reembed.ts). Search answers from the old vectors until the switch. Each round walks the chunks
// without a vector of the new model in batches; the switch refuses while chunks ingested meanwhile still lack
// one, and another round catches them up.
import {
  ApplicationFailure,
  condition,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  upsertMemo,
} from '@temporalio/workflow';
import type { Activities } from './activityContract';
import { REEMBED_PROGRESS_MEMO, type ReembedInput, type ReembedProgress, type ReembedResult } from './contracts';

const acts = proxyActivities<Activities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

export const reembedProgressQuery = defineQuery<ReembedProgress>('reembedProgress');
/** Test hook (input.stepped): lets one more batch run. */
export const reembedStepSignal = defineSignal('reembedStep');
/** Test hook (input.stepped): ends the stepping; the rest runs on its own. */
export const reembedRunSignal = defineSignal('reembedRun');

const MAX_ROUNDS = 20;

export async function reembedWorkflow(input: ReembedInput): Promise<ReembedResult> {
  const { target } = input;
  const progress: ReembedProgress = {
    phase: 'building',
    embedded: 0,
    batches: 0,
    rounds: 0,
    chunksDone: 0,
    chunksTotal: 0,
  };
  // background-jobs reads the progress from the memo (temporal/jobs.ts): no worker is needed to answer.
  const report = (update: Partial<ReembedProgress>) => {
    Object.assign(progress, update);
    const { phase, chunksDone, chunksTotal } = progress;
    upsertMemo({ [REEMBED_PROGRESS_MEMO]: { phase, chunksDone, chunksTotal } });
  };
  let steps = 0;
  let stepped = input.stepped === true;
  setHandler(reembedProgressQuery, () => progress);
  setHandler(reembedStepSignal, () => void steps++);
  setHandler(reembedRunSignal, () => void (stepped = false));

  // The first round walks every chunk (a retried batch writes its vectors again: counted once); a resumed
  // re-embed and the catch-up rounds walk only the chunks without a target vector.
  const begun = await acts.beginReembed({ target });
  const counted = await acts.countReembed({ target });
  report({ chunksDone: counted.done, chunksTotal: counted.total });
  while (progress.rounds < MAX_ROUNDS) {
    progress.rounds += 1;
    report({ phase: 'building' });
    let afterId: string | undefined;
    for (;;) {
      if (stepped) {
        await condition(() => !stepped || steps > 0);
        if (steps > 0) steps -= 1;
      }
      const onlyMissing = begun === 'resumed' || progress.rounds > 1;
      const batch = await acts.reembedBatch({ target, afterId, limit: input.batchSize, onlyMissing });
      if (batch.embedded === 0) break;
      progress.embedded += batch.embedded;
      progress.batches += 1;
      afterId = batch.lastId;
      report({ chunksDone: batch.done, chunksTotal: batch.total });
    }
    report({ phase: 'indexing' });
    await acts.indexReembed({ target });
    report({ phase: 'switching' });
    const { missing, total } = await acts.switchReembed({ target });
    if (missing === 0) {
      await acts.finishReembed({ target });
      report({ phase: 'done', chunksDone: total, chunksTotal: total });
      return progress;
    }
    report({ chunksDone: total - missing, chunksTotal: total });
  }
  throw ApplicationFailure.nonRetryable(
    `Chunks kept arriving faster than ${MAX_ROUNDS} rounds could embed them; start the re-embed again`,
    'ReembedRefused',
  );
}
