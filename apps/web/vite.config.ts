import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './precompress';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    // Every browser the site supports knows module preloads (and a rendered page adds its own, src/boot.ts).
    modulePreload: { polyfill: false },
    manifest: true,
    rollupOptions: {
      // The browser build has a second entry: the small script that starts the app on a rendered page
      // once it has painted (src/boot.ts). The server build keeps the entry given on its command line.
      ...(isSsrBuild ? {} : { input: { index: 'index.html', boot: 'src/boot.ts' } }),
      output: {
        // The English texts and the contract's English messages travel together (the Hindi chunks import
        // the contract's messages too; left alone they would be split into a chunk of their own, which
        // compresses worse and costs every page a request).
        manualChunks(id) {
          if (
            /packages\/contract\/src\/messages\.ts$|apps\/web\/src\/messages\/(en|index|locale)\.ts$/.test(id)
          )
            return 'messages';
          return undefined;
        },
      },
    },
  },
}));
