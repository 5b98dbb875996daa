import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The stack under test (API + built web app on one origin); scripts/test.sh starts it. */
export const BASE_URL = (process.env.LOADLINE_E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');

/** Debian's Chromium; Playwright's own browser downloads are not used. */
export const CHROMIUM_PATH = process.env.LOADLINE_E2E_CHROMIUM ?? '/usr/bin/chromium';

/** e2e/artifacts (gitignored); this module runs compiled, from e2e/dist/support. */
const compiled = import.meta.url.includes('/dist/support/');
export const ARTIFACTS_DIR = fileURLToPath(new URL(compiled ? '../../artifacts/' : '../artifacts/', import.meta.url));
mkdirSync(ARTIFACTS_DIR, { recursive: true });

/** A run of 3 s plus k6 start-up, queueing and result ingest; generous for a 2-core CI box. */
export const RUN_TIMEOUT_MS = Number(process.env.LOADLINE_E2E_RUN_TIMEOUT_MS ?? 180_000);
