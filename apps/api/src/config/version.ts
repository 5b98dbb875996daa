import { readFileSync } from 'node:fs';

/** The API's version, from its package.json (beside src/ and dist/ alike): health answers it, run manifests record it. */
export const API_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
