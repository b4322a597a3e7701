// Loads a thread's TypeScript sources as one module built in memory, for a thread that would otherwise need
// the TypeScript loader: in Node 20 the loader runs on a thread of its own for each thread that registers it,
// and keeps every file it has compiled, which cost a thread about 40 MB.
import fs from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * Builds `entry` (a TypeScript file) and what it imports from this project into one ES module, and imports
 * it. Packages stay where they are installed: the module imports them by their resolved addresses, so each
 * loads as it would from the sources. Each source keeps its own `import.meta.url`, so files found beside it
 * (worker scripts) are found as before.
 */
export async function importBuilt(entry) {
  let output;
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'installed-packages-and-own-urls',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (args.pluginData?.resolving) return undefined;
              if (isBuiltin(args.path)) return { path: args.path, external: true };
              // The project's own packages are TypeScript sources: built in.
              if (args.path.startsWith('@spajobs/')) return undefined;
              const found = await build.resolve(args.path, {
                kind: args.kind,
                resolveDir: args.resolveDir,
                importer: args.importer,
                pluginData: { resolving: true },
              });
              if (found.errors.length) return { errors: found.errors };
              return { path: pathToFileURL(found.path).href, external: true };
            });
            build.onLoad({ filter: /\.ts$/ }, async (args) => ({
              contents: (await fs.readFile(args.path, 'utf8')).replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(args.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    output = result.outputFiles[0].text;
  } finally {
    // The builder's process is needed once.
    await esbuild.stop();
  }
  return import(`data:text/javascript;base64,${Buffer.from(output).toString('base64')}`);
}
