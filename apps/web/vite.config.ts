import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const apiTarget = process.env.STEPSYNC_API ?? "http://localhost:3000";

/**
 * The modules of @stepsync/contracts only declare constants, texts and zod schemas: none has side
 * effects. Saying so lets the bundler leave out the modules the first screen does not use, so zod
 * only ships in the lazy chunks that validate forms instead of the initial bundle.
 */
function contractsWithoutSideEffects(): Plugin {
  return {
    name: "stepsync:contracts-without-side-effects",
    transform(_code, id) {
      if (!/packages[\\/]contracts[\\/]src[\\/].*\.ts$/.test(id)) return null;
      return { code: _code, map: null, moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  plugins: [contractsWithoutSideEffects(), tailwindcss()],
  oxc: { jsx: { runtime: "automatic" } },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/uploads": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/uploads": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs reads the entry and its static imports.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached vendor chunk.
        advancedChunks: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
      onwarn(warning, warn) {
        // "use client" directives in React libraries are meaningless in a client-only bundle.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
});
