import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in web/; the server serves dist/web (server/http/web.ts). In development,
// `npm run dev:web` proxies /api to the server started with `npm run dev`.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
