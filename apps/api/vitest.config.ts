import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC instead of esbuild because Nest's dependency injection needs emitDecoratorMetadata.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['src/**/*.test.ts'],
    // Integration tests start real processes (k6) and wait for real runs.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each test file gets its own database, so files can run side by side.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
