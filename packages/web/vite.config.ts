import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { baseMapPlugin } from './base-map-plugin.ts';
import { graphqlDocumentsPlugin } from './graphql-documents-plugin.ts';

// The API server owns these paths; in development Vite forwards them so the SPA and the server
// share one origin (the session cookie is same-origin only).
const serverPaths = [
  '/api',
  '/graphql',
  '/auth',
  '/config',
  '/login',
  '/oidc',
  '/storage',
  '/log-files',
];
const apiTarget = process.env.ASSET_PORTAL_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    graphqlDocumentsPlugin(),
    baseMapPlugin(),
    react(),
    // Brotli and gzip copies beside each built file; the server sends the one the browser takes
    // (the map's chunk: 1.07 MB as built, about a quarter of it compressed).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|json|wasm|map)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: Object.fromEntries(
      serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
