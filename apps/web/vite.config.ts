import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves dist/ at `/` and the REST API at `/api/v1` on the same origin; in
// development the dev server (and `vite preview`) forwards /api to a locally running API.
const apiTarget = process.env.LOADLINE_API_URL ?? 'http://127.0.0.1:8080';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // zxcvbn-ts and its dictionaries (megabytes) stay in the chunk loaded where a password is chosen.
            { name: 'vendor', test: /^(?!.*@zxcvbn-ts).*node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});
