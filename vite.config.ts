import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in runtime/web; `npm run build:web` (or `npm start` when stale) writes dist/web.
export default defineConfig({
  root: 'runtime/web',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ping': 'http://127.0.0.1:3000',
      '/reset-password': 'http://127.0.0.1:3000',
      '/tenants': 'http://127.0.0.1:3000',
      '/ambientes.json': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
