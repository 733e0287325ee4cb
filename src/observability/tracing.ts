// OpenTelemetry tracing through API -> workflow -> activities: the HTTP server span (src/api/app.ts), the
// Temporal client interceptor that carries the context into the workflow's headers, the workflow
// interceptors (in the workflow bundle) and the activity interceptors, with workflow spans exported
// through a worker sink. Off unless OTEL_TRACES_EXPORTER (otlp, console) or an OTLP endpoint is set;
// the OTLP/HTTP exporter reads its own OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout).
import * as otel from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { Sinks } from '@temporalio/workflow';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { Config } from '../config';

/** The workflow interceptor modules tracing adds to a worker's bundle. */
export const TRACING_WORKFLOW_MODULES = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

export interface Tracing {
  enabled: boolean;
  tracer: otel.Tracer;
  /** For the Temporal client: starts a span per workflow start and puts its context in the headers. */
  clientInterceptors: WorkflowClientInterceptor[];
  /** For the worker: workflow interceptor modules (bundled), activity interceptors and the span sink. */
  workflowModules: string[];
  activityInterceptors: ActivityInterceptorsFactory[];
  sinks: InjectedSinks<Sinks>;
  shutdown(): Promise<void>;
}

const DISABLED: Tracing = {
  enabled: false,
  tracer: otel.trace.getTracer('kws-disabled'),
  clientInterceptors: [],
  workflowModules: [],
  activityInterceptors: [],
  sinks: {},
  shutdown: async () => undefined,
};

let globalsRegistered = false;
/** Context propagation is process-wide in OpenTelemetry: an async-local context and W3C trace headers. */
function registerGlobals(): void {
  if (globalsRegistered) return;
  otel.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  globalsRegistered = true;
}

export function createTracing(
  settings: Config['observability']['tracing'],
  opts: { process: string; spanProcessor?: SpanProcessor },
): Tracing {
  if (!opts.spanProcessor && settings.exporter === 'none') return DISABLED;
  registerGlobals();
  const processor =
    opts.spanProcessor ??
    new BatchSpanProcessor(settings.exporter === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter());
  const resource = new Resource({
    'service.name': settings.serviceName ?? 'knowledge-workspace-service',
    'service.namespace': 'kws',
    'kws.process': opts.process,
  });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [processor] });
  const tracer = provider.getTracer('kws');
  return {
    enabled: true,
    tracer,
    clientInterceptors: [new OpenTelemetryWorkflowClientInterceptor({ tracer })],
    workflowModules: TRACING_WORKFLOW_MODULES,
    activityInterceptors: [
      (ctx) => ({
        inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer }),
        outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
      }),
    ],
    sinks: { exporter: makeWorkflowExporter(processor, resource) },
    shutdown: () => provider.shutdown(),
  };
}

export const disabledTracing = DISABLED;
