import { startTracing } from '@loadline/tracing';
import { API_TRACING } from './common/tracing.js';

// Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set): its ESM hook only sees modules
// imported after it, so the app itself is imported dynamically below.
await startTracing(API_TRACING);
const { parseApiEnv, EnvError } = await import('./config/env.js');
const { checkDependencies, createApiApp, DependencyUnavailableError } = await import('./bootstrap.js');

async function main(): Promise<void> {
  const env = parseApiEnv();
  await checkDependencies(env);
  const app = await createApiApp(env);
  await app.listen(env.LOADLINE_PORT, env.LOADLINE_HOST);
  const url = await app.getUrl();
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'Loadline API listening', url, docs: `${url}/api/docs` })}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DependencyUnavailableError) {
    console.error(`Loadline API: ${error.message.replace(/^Loadline API: /, '')}`);
  } else {
    console.error('Loadline API failed to start:', error);
  }
  process.exit(1);
});
