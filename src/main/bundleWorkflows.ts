// `npm run build`'s last step (and the image's, after its prune): the workflow bundles a worker runs, without
// tracing and with it, built afresh and kept in dist/workflow-bundles under the hash of their inputs
// (src/temporal/bundle.ts), so that workers start without running webpack.
import { TRACING_WORKFLOW_MODULES } from '../observability/tracing';
import { keptWorkflowBundle } from '../temporal/bundle';
import { bundledInterceptorModules, workflowsPath } from '../temporal/worker';

async function main(): Promise<void> {
  const plain = bundledInterceptorModules();
  for (const [name, modules] of [
    ['without tracing', plain],
    ['with tracing', [...plain, ...TRACING_WORKFLOW_MODULES]],
  ] as const) {
    const { key, file, seconds } = await keptWorkflowBundle(workflowsPath, modules, undefined, { rebuild: true });
    if (!file) throw new Error(`could not keep the workflow bundle ${key} (${name}): is dist/ writable?`);
    console.log(`workflow bundle ${name}: ${key}, built in ${seconds} s (${file})`);
  }
}

main().catch((err: unknown) => {
  console.error(`workflow bundle: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
