export * from './sample.js';
export * from './source.js';
export * from './job.js';
