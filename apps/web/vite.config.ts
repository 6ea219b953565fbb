import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// `URL` instead of node:path keeps this file type-checkable with the browser lib only.
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/** The API server (apps/server). */
const API_TARGET = 'http://localhost:3000';

const apiProxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  // The server refuses state-changing calls from untrusted origins. Behind this proxy the browser is
  // same-origin with Vite, so present the request as same-origin with the API too, as in production
  // where the server itself serves the built app.
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyReq) => {
      if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', API_TARGET);
    });
  },
};

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': srcDir } },
  // Cookies stay first-party: the browser only ever talks to Vite, which forwards /api (SSE included).
  server: { port: 5173, proxy: { '/api': apiProxy } },
  preview: { port: 4173, proxy: { '/api': apiProxy } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: their own chunk stays cached across app releases.
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
