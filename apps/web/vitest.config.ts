import { defineConfig } from 'vitest/config';

// Unit tests cover pure UI logic (formatters, form -> contract mapping, error parsing);
// they need no DOM.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
