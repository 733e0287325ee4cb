// `npm run build`'s last step (and the image's, after its prune): the workflow bundle a worker with the default
// interceptor modules runs, kept in dist/workflow-bundles under the hash of its inputs (src/temporal/bundle.ts),
// so that workers start without running webpack. A worker with tracing on bundles its own at its first start.
import { keptWorkflowBundle } from '../temporal/bundle';
import { bundledInterceptorModules, workflowsPath } from '../temporal/worker';

keptWorkflowBundle(workflowsPath, bundledInterceptorModules())
  .then(({ key, source, file, seconds }) => {
    if (!file) throw new Error(`could not write the workflow bundle ${key}`);
    console.log(
      source === 'kept'
        ? `workflow bundle ${key}: current (${file})`
        : `workflow bundle ${key}: built in ${seconds} s (${file})`,
    );
  })
  .catch((err: unknown) => {
    console.error(`workflow bundle: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
