import { CliError } from './exit-codes.js';

export interface Config {
  /** Where people open the app: http://127.0.0.1:8080 (no trailing slash). */
  baseUrl: string;
  /** The REST API: `${baseUrl}/api/v1`. */
  apiUrl: string;
  apiKey: string;
}

/**
 * Reads LOADLINE_URL and LOADLINE_API_KEY. Every problem is named at once, so a CI job is
 * fixed in one go.
 */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  const rawUrl = env.LOADLINE_URL?.trim();
  const apiKey = env.LOADLINE_API_KEY?.trim();
  let baseUrl = '';
  if (!rawUrl) {
    problems.push('LOADLINE_URL is not set: the address of the Loadline API, e.g. http://127.0.0.1:8080');
  } else {
    let url: URL | undefined;
    try {
      url = new URL(rawUrl);
    } catch {
      problems.push(`LOADLINE_URL is not a URL: "${rawUrl}" (e.g. http://127.0.0.1:8080)`);
    }
    if (url && url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`LOADLINE_URL must be an http:// or https:// URL, not "${rawUrl}"`);
    } else if (url) {
      url.search = '';
      url.hash = '';
      // Tolerate the REST prefix (a URL copied from the API docs) and trailing slashes.
      baseUrl = url
        .toString()
        .replace(/\/+$/, '')
        .replace(/\/api\/v1$/, '');
    }
  }
  if (!apiKey) {
    problems.push('LOADLINE_API_KEY is not set: an API key (llk_...) from Settings > API keys in the web app, or POST /api/v1/api-keys');
  }
  if (problems.length) throw new CliError(problems.join('\n'));
  return { baseUrl, apiUrl: `${baseUrl}/api/v1`, apiKey: apiKey! };
}

/** The web page of a run. */
export function runUrl(config: Pick<Config, 'baseUrl'>, runId: string): string {
  return `${config.baseUrl}/runs/${encodeURIComponent(runId)}`;
}
