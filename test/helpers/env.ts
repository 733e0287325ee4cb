// What scripts/test.sh exported: the real components this run uses. Missing ones fail loudly.
function required(name: string): string {
  const v = process.env[name];
  if (!v)
    throw new Error(`${name} is not set: run the suite with \`npm test\` (scripts/test.sh starts the real components)`);
  return v;
}

export const testEnv = {
  get databaseAdminUrl() {
    return required('TEST_DATABASE_ADMIN_URL');
  },
  get temporalAddress() {
    return required('TEMPORAL_ADDRESS');
  },
  /** The suite's Temporal Web UI port (scripts/services.sh), when it runs one. */
  get temporalUiPort(): string | undefined {
    return process.env.TEMPORAL_UI_PORT || undefined;
  },
  /** The suite's Temporal dev server's HTTP API and metrics ports (scripts/services.sh pins both). */
  get temporalHttpPort(): string | undefined {
    return process.env.TEMPORAL_HTTP_PORT || undefined;
  },
  get temporalMetricsPort(): string | undefined {
    return process.env.TEMPORAL_METRICS_PORT || undefined;
  },
  get temporalTestServerPath() {
    return required('TEMPORAL_TEST_SERVER_PATH');
  },
  get temporalCliPath() {
    return required('TEMPORAL_CLI_PATH');
  },
  get composeCheckPath() {
    return required('COMPOSE_CHECK_PATH');
  },
};
