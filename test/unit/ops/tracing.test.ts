// When tracing is on: off by default, on with OTEL_TRACES_EXPORTER or an OTLP endpoint, off with OTEL_SDK_DISABLED.
// The trace of an upload through the whole service is test/ops/tracing.test.ts.
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config';
import { createTracing } from '../../../src/observability/tracing';

describe('tracing (OpenTelemetry) settings', () => {
  it('is off by default and on with OTEL_TRACES_EXPORTER or an OTLP endpoint, off again with OTEL_SDK_DISABLED', () => {
    assert.equal(loadConfig({}).observability.tracing.exporter, 'none');
    assert.equal(createTracing(loadConfig({}).observability.tracing, { process: 'test' }).enabled, false);
    assert.equal(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).observability.tracing.exporter, 'otlp');
    assert.equal(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).observability.tracing.exporter,
      'otlp',
    );
    assert.equal(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).observability
        .tracing.exporter,
      'none',
    );
  });
});
