import { parseApiEnv, EnvError } from './config/env.js';
import { checkDependencies, createApiApp, DependencyUnavailableError } from './bootstrap.js';

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
