import type { Command } from 'commander';
import { readLiveRuntimeInfo } from '../../embedded/runtime';
import { localModelTarget, reembedStatus, startReembed } from '../../services/search/reembed';
import { connectTemporal } from '../../temporal/client';
import { CliError, action } from '../shared';

export function registerReembed(program: Command): void {
  program
    .command('reembed')
    .description(
      'build the vectors of another local model beside the live ones and switch to them when complete ' +
        "(the worker must run with EMBEDDING_NEXT_MODEL_DIR set to the same model); prints the job's id",
    )
    .requiredOption('--model-dir <dir>', 'the model directory (MODEL_INFO.json, model.onnx, vocab.txt)')
    .option('--batch-size <n>', 'chunks per batch activity', '256')
    .action(
      action(async ({ db, config }, opts: { modelDir: string; batchSize: string }) => {
        const batchSize = Number(opts.batchSize);
        if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 4096) {
          throw new CliError('--batch-size must be an integer from 1 to 4096');
        }
        const address = config.temporal.address ?? (await readLiveRuntimeInfo(config.dataDir))?.temporalAddress;
        if (!address) throw new CliError('kws reembed needs TEMPORAL_ADDRESS (or a running npm start)');
        const target = await localModelTarget(opts.modelDir);
        const temporal = await connectTemporal(address, config.temporal.namespace, config.temporal.taskQueue);
        try {
          const { jobId } = await startReembed(temporal, target, { batchSize });
          const status = await reembedStatus({ db }, config.embeddings.textScheme);
          return { json: { jobId, target, status }, text: jobId };
        } finally {
          await temporal.connection.close();
        }
      }),
    );
  program
    .command('reembed-status')
    .description(
      'the live model, the re-embed under way and how many chunks hold a vector of another text scheme than ' +
        'EMBEDDING_TEXT_SCHEME (what `kws reembed --model-dir <the live model>` moves)',
    )
    .action(
      action(async ({ db, config }) => {
        const status = await reembedStatus({ db }, config.embeddings.textScheme);
        const { current, chunksOfOtherSchemes } = status.textScheme;
        const building = status.building ? `; building ${status.building.model} (${status.building.status})` : '';
        return {
          json: status,
          text: `live ${status.live?.model ?? 'none'}${building}; ${chunksOfOtherSchemes} chunks of another text scheme than ${current}`,
        };
      }),
    );
}
