// Builds the server into plain JavaScript, so production runs no TypeScript compiler:
//   apps/server/dist/main.js          the server (`npm start`, `npm run worker`)
//   apps/server/dist/create-admin.js  `npm run create-admin`
//   apps/server/dist/pose-worker.js   the pose-inference worker thread (the pool starts it from beside the bundle)
// npm packages stay external (loaded from node_modules at run time); our workspace packages
// (@stepsync/contracts, @stepsync/motion) are TypeScript sources and are bundled in.
//
//   node scripts/build-server.mjs
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const serverDist = path.join(root, "apps/server/dist");

const entryPoints = {
  main: "apps/server/src/main.ts",
  "create-admin": "apps/server/src/cli/create-admin.ts",
  "pose-worker": "packages/motion/src/pose/worker.ts",
};

/** Every npm package is loaded from node_modules at run time; only our own workspace packages are bundled. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@stepsync/") ? undefined : { external: true }));
  },
};

/**
 * `import.meta.dirname` in a bundled module still means its source folder (relative to the bundle),
 * so paths such as apps/server/drizzle or the repository root resolve as they do from the sources.
 */
const sourceDirname = {
  name: "source-dirname",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.dirname")) return { contents: source, loader: "ts" };
      const fromBundle = path.relative(serverDist, path.dirname(args.path)).split(path.sep).join("/");
      const contents = `import { resolve as __resolveFromBundle } from "node:path";\n${source.replaceAll(
        "import.meta.dirname",
        `__resolveFromBundle(import.meta.dirname, ${JSON.stringify(fromBundle)})`,
      )}`;
      return { contents, loader: "ts" };
    });
  },
};

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: serverDist,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [externalPackages, sourceDirname],
  });
}

if (import.meta.filename === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`▸ Built the server into ${path.relative(root, serverDist)}/ in ${Date.now() - started} ms`);
}
