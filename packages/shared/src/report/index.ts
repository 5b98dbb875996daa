export * from './compare.js';
export * from './export.js';
export * from './share.js';
export * from './trend.js';
export * from './dashboard.js';
export * from './trend-series.js';
export * from './noise.js';
export * from './change-points.js';
