/**
 * Where things live: dependencies inside the server point one way. The source tree's
 * imports (read with a regex, test files and test/ helpers aside) must show
 * - no import from jobs/ (the queue engines, heartbeat, lifecycle) up into an area: each area owns its
 *   job handler and sends its jobs through the queue interface, never the other way round;
 * - no routes file reaching into another area's routes, repository or policy: an endpoint lives in
 *   the area that owns its rule and asks other areas through their service;
 * - no loop between folders (each modules/<area> is a folder of its own). The files at src/'s top
 *   (app.ts, main.ts, the AppContext and Config types) are the composition root, outside the graph.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.dirname(new URL(import.meta.url).pathname);

type Edge = { from: string; to: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Every relative import and re-export of the server's source, as paths under src/. */
export function serverImports(src = SRC): Edge[] {
  return sourceFiles(src).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}\/[^"']+)["']/gms)].map((m) => ({
      from: path.relative(src, file),
      to: path.relative(src, path.resolve(path.dirname(file), m[1] as string)),
    }));
  });
}

/** A file's folder: modules/<area> for an area, else the top folder; undefined at src/'s top (the root). */
export function folderOf(file: string): string | undefined {
  const parts = file.split(path.sep);
  if (parts.length === 1) return undefined;
  return parts[0] === "modules" ? `modules/${parts[1]}` : parts[0];
}

const isArea = (folder: string | undefined) =>
  !!folder && (folder.startsWith("modules/") || ["payments", "mail", "metrics"].includes(folder));

/** Imports from jobs/ into an area. */
export function jobsIntoAreas(edges: Edge[]): string[] {
  return edges.filter((e) => folderOf(e.from) === "jobs" && isArea(folderOf(e.to))).map((e) => `${e.from} → ${e.to}`);
}

/** A routes file importing another area's routes, repository or policy. */
export function acrossRoutes(edges: Edge[]): string[] {
  return edges
    .filter(
      (e) =>
        path.basename(e.from) === "routes.ts" &&
        folderOf(e.from) !== folderOf(e.to) &&
        isArea(folderOf(e.to)) &&
        /^(routes|repository|policy)\.ts$/.test(path.basename(e.to)),
    )
    .map((e) => `${e.from} → ${e.to}`);
}

/** The folders that import one another round in a loop (strongly connected, Tarjan), each loop sorted. */
export function folderLoops(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (!a || !b || a === b) continue;
    next.set(a, (next.get(a) ?? new Set()).add(b));
    if (!next.has(b)) next.set(b, new Set());
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const loop: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w) loop.push(w);
    } while (w && w !== v);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return loops;
}

/** The imports that close a loop: between two folders of one loop. */
export function loopImports(edges: Edge[], loops: string[][]): string[] {
  const loopOf = new Map(loops.flatMap((loop, i) => loop.map((f) => [f, i] as const)));
  return edges
    .filter((e) => {
      const a = folderOf(e.from);
      const b = folderOf(e.to);
      return a && b && a !== b && loopOf.has(a) && loopOf.get(a) === loopOf.get(b);
    })
    .map((e) => `${e.from} → ${e.to}`);
}

describe("the server's import structure", () => {
  const edges = serverImports();

  it("reads the tree (the check itself finds what it looks for)", () => {
    expect(edges.length).toBeGreaterThan(100);
    const made = [
      { from: "jobs/a.ts", to: "modules/x/service.ts" },
      { from: "modules/x/service.ts", to: "modules/y/service.ts" },
      { from: "modules/y/routes.ts", to: "modules/x/policy.ts" },
    ];
    expect(jobsIntoAreas(made)).toEqual(["jobs/a.ts → modules/x/service.ts"]);
    expect(acrossRoutes(made)).toEqual(["modules/y/routes.ts → modules/x/policy.ts"]);
    expect(folderLoops(made)).toEqual([["modules/x", "modules/y"]]);
  });

  it("jobs/ imports no area: each area owns its job", () => {
    expect(jobsIntoAreas(edges)).toEqual([]);
  });

  it("no routes file reaches into another area's routes, repository or policy", () => {
    expect(acrossRoutes(edges)).toEqual([]);
  });

  it("no folders import one another in a loop", () => {
    const loops = folderLoops(edges);
    expect({ loops, imports: loopImports(edges, loops) }).toEqual({ loops: [], imports: [] });
  });
});
