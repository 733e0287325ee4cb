// Per-request observation: the latency histogram labelled by route template (never the raw path, whose
// ids would make every request a new series), one access log line, and the HTTP server span when
// tracing is on (its context is what the Temporal client interceptor carries into started workflows).
import * as otel from '@opentelemetry/api';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '../../observability/metrics';
import type { Tracing } from '../../observability/tracing';

/** The @koa/router layer path that served the request (e.g. /v1/workspaces/:workspaceId/knowledge). */
export const routeTemplate = (ctx: Context): string =>
  (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';

export function observeRequests(deps: { logger: Logger; metrics: Metrics; tracing: Tracing }) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    const span = deps.tracing.enabled
      ? deps.tracing.tracer.startSpan(
          `${ctx.method}`,
          {
            kind: otel.SpanKind.SERVER,
            attributes: {
              'http.request.method': ctx.method,
              'url.path': ctx.path,
              'kws.request_id': ctx.state.requestId,
            },
          },
          otel.propagation.extract(otel.ROOT_CONTEXT, ctx.headers),
        )
      : undefined;
    try {
      await (span ? otel.context.with(otel.trace.setSpan(otel.context.active(), span), next) : next());
    } finally {
      const seconds = (performance.now() - started) / 1000;
      const route = routeTemplate(ctx);
      deps.metrics.httpRequestDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, seconds);
      if (span) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': ctx.status });
        if (ctx.status >= 500) span.setStatus({ code: otel.SpanStatusCode.ERROR });
        span.end();
      }
      deps.logger.info(
        { method: ctx.method, route, status: ctx.status, ms: Math.round(seconds * 1e4) / 10 },
        'request',
      );
    }
  };
}
