import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget.ts';

// In development the API runs on the server (npm run dev -w apps/server); Vite forwards /msbapi to it.
export default defineConfig({
  plugins: [react(), bundleBudget(300)],
  server: { proxy: { '/msbapi': { target: 'http://localhost:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 700 },
});
