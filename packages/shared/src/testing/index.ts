// Helpers for tests and benchmarks (Node only): `@loadline/shared/testing`.
export * from './loopback-server.js';
export * from './redis-keys.js';
export * from './design-plan.js';
export * from './runner-key.js';
export * from './redis-url.js';
export * from './metric-sources.js';
