/**
 * Where things live: the web app's imports point one way, from the screens down to what they share.
 * Each folder has a layer; a file imports its own folder or a lower layer, never a higher one:
 *
 *   app files (main, routes, providers)   compose everything
 *   pages/<screen>                         one screen each; never another screen's files
 *   components/                            shared pieces of screens
 *   auth/                                  the signed-in user
 *   api/                                   requests, queries and mutations, per area
 *   lib/                                   plain helpers: no requests, no user, no components
 *   constants/                             texts
 *
 * Changes to server data (TanStack's useMutation) are made in api/, beside the queries they update
 * or make stale; screens and components call those hooks.
 *
 * Test files and test/ helpers are left out: a test may reach for whatever it checks.
 */
import { describe, expect, it } from "vitest";

type Edge = { from: string; to: string };

const SOURCES = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}", "!./test/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** "./a/b/../c.ts" → "a/c.ts" */
function normalise(file: string): string {
  const out: string[] = [];
  for (const part of file.split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

/** Every relative import and re-export of the web app's source, as paths under src/ (no extension). */
export function webImports(sources: Record<string, string> = SOURCES): Edge[] {
  return Object.entries(sources).flatMap(([file, text]) => {
    const from = normalise(file);
    const dir = from.split("/").slice(0, -1).join("/");
    return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}\/[^"']+)["']/gms)].map((m) => ({
      from,
      to: normalise(`${dir}/${m[1] as string}`),
    }));
  });
}

const LAYERS = ["constants", "lib", "api", "auth", "components", "pages", "app"] as const;

/** A file's folder (pages/<screen> for a screen) and its layer; app files sit at src/'s top. */
export function placeOf(file: string): { folder: string; layer: number } {
  const parts = file.split("/");
  const top = parts.length === 1 ? "app" : (parts[0] as string);
  const layer = LAYERS.indexOf(top as (typeof LAYERS)[number]);
  return {
    folder: top === "pages" ? `pages/${parts[1]}` : top,
    // A folder the list does not know is shared at the bottom: it may import nothing above it.
    layer: Math.max(layer, 0),
  };
}

/** Imports that go up a layer, or from one screen into another's files. */
export function upwardImports(edges: Edge[]): string[] {
  return edges
    .filter((e) => {
      const a = placeOf(e.from);
      const b = placeOf(e.to);
      if (a.folder === b.folder) return false;
      return b.layer > a.layer || (b.layer === a.layer && a.folder.startsWith("pages/"));
    })
    .map((e) => `${e.from} → ${e.to}`);
}

/** Files outside api/ that make a mutation themselves. */
export function mutationsOutsideApi(sources: Record<string, string> = SOURCES): string[] {
  return Object.entries(sources)
    .filter(([file, text]) => placeOf(normalise(file)).folder !== "api" && /\buseMutation\s*[(<]/.test(text))
    .map(([file]) => normalise(file));
}

describe("the web app's import structure", () => {
  const edges = webImports();

  it("reads the tree (the check itself finds what it looks for)", () => {
    expect(edges.length).toBeGreaterThan(300);
    const made = webImports({
      "./components/Header.tsx": 'import { Bell } from "../pages/notifications/Bell";',
      "./lib/actions.ts": 'import type { Card } from "../components/Card";\nimport { like } from "../api/library";',
      "./pages/history/Card.tsx":
        'import { label } from "../compare/moves";\nimport { cx } from "../../components/cx";',
      "./api/comparisons.ts": 'export { keys } from "./keys";',
    });
    expect(upwardImports(made)).toEqual([
      "components/Header.tsx → pages/notifications/Bell",
      "lib/actions.ts → components/Card",
      "lib/actions.ts → api/library",
      "pages/history/Card.tsx → pages/compare/moves",
    ]);
  });

  it("shared folders import no screen, lib/ no request, user or component, and no screen another's files", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it("every mutation is an api/ hook", () => {
    expect(
      mutationsOutsideApi({
        "./pages/friends/FriendsPage.tsx": "const answer = useMutation({ mutationFn });",
        "./api/library.ts": "return useMutation({ mutationFn });",
      }),
    ).toEqual(["pages/friends/FriendsPage.tsx"]);
    expect(mutationsOutsideApi()).toEqual([]);
  });
});
