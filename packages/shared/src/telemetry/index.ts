export * from './sample.js';
export * from './source.js';
export * from './job.js';
export * from './report.js';
export * from './findings/index.js';
export * from './view.js';
export * from './stored.js';
