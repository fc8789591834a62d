/**
 * The live entry runs in a browser: nothing it imports, however deep, may need Node (node:
 * modules and Node's built-ins), the video decoder (node-av) or TensorFlow's Node bindings. Walks
 * the import graph from the entry as a bundler would (type-only imports vanish), into workspace
 * packages through their package.json exports.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, "..", "..", "..");
const NODE_ONLY = [/^node:/, /^node-av($|\/)/, /^@tensorflow\/tfjs-node/, /^cli-progress$/];
const BUILTINS = new Set(builtinModules);

/** The modules a source file imports at run time (not `import type` / `export type`). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement =
    /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;
  for (const m of source.matchAll(statement)) {
    if (m[5]) found.push(m[5]);
    else if (!m[2]) found.push(m[4] as string);
  }
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] as string);
  for (const m of source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1] as string);
  return found;
}

/** A workspace package's entry for `specifier` (@stepsync/name or @stepsync/name/sub), or undefined for a third party. */
function workspaceEntry(specifier: string): string | undefined {
  const m = /^@stepsync\/([^/]+)(\/.*)?$/.exec(specifier);
  if (!m) return undefined;
  const dir = join(packagesDir, m[1] as string);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { exports: Record<string, string> };
  const target = pkg.exports[m[2] ? `.${m[2]}` : "."];
  if (!target) throw new Error(`${specifier}: not exported`);
  return join(dir, target);
}

/** Every module reachable from `entry` that a browser cannot load, with the file that imports it. */
export function nodeOnlyImports(entry: string): string[] {
  const bad: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) {
        visit(resolve(dirname(file), spec));
        continue;
      }
      const ws = workspaceEntry(spec);
      if (ws) visit(ws);
      else if (NODE_ONLY.some((r) => r.test(spec)) || BUILTINS.has(spec.split("/")[0] as string))
        bad.push(`${spec} (from ${file.slice(packagesDir.length + 1)})`);
    }
  };
  visit(entry);
  return bad;
}

describe("the live entry loads in a browser", () => {
  it("@stepsync/motion/live imports nothing that needs Node, however deep", () => {
    expect(nodeOnlyImports(workspaceEntry("@stepsync/motion/live") as string)).toEqual([]);
  });

  it("the walk finds what the engine's main entry needs Node for (it would catch one in the live graph)", () => {
    const found = nodeOnlyImports(workspaceEntry("@stepsync/motion") as string).join("\n");
    expect(found).toMatch(/^node:/m);
    expect(found).toMatch(/^node-av /m);
  });
});
