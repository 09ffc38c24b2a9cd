import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a running @sabaq/server (`npm start` listens on 8080).
const apiTarget = process.env.SABAQ_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Spec §9: chunk loads may take long on school networks; the budget script reads the manifest.
    manifest: true,
    rolldownOptions: {
      // @sabaq/platform's index also re-exports zod contracts the browser never calls; its modules
      // have no side effects, so unused ones (and zod with them) stay out of the bundle.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]platform[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
