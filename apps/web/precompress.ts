import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes .br and .gz files beside every compressible asset of the build, so
 * the server sends them as they are (no compression work per request) to
 * phones that accept them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'spajobs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server renderer's bundle is read from disk by the API, never sent.
      if (skip) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (
          !/\.(js|css|svg|json|txt|webmanifest)$/.test(file) ||
          file.includes(`${path.sep}.vite${path.sep}`)
        )
          continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
