// Checks the home page's first-load JavaScript: the entry chunk of apps/web/dist plus every chunk it
// imports statically (transitively), gzipped, must stay under the budget; the home screen's own lazy
// chunk (pages/home/HomePage.tsx and its static imports) is counted too, since "/" loads it at once.
// Run after `npm run build -w @stepsync/web`:   node scripts/check-bundle-size.mjs [budgetKB]
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../apps/web/dist");
const budgetKB = Number(process.argv[2] ?? 200);
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("No apps/web/dist/.vite/manifest.json: build the web app first (npm run build -w @stepsync/web).");
  process.exit(1);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const home = Object.keys(manifest).find((key) => key.endsWith("pages/home/HomePage.tsx"));
const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const [key] of entries) visit(key);
if (home) visit(home);
else console.warn("warning: pages/home/HomePage.tsx not found in the manifest; counting the entry only");

let total = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith(".js"))) {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip  ${file}`);
const kb = total / 1024;
console.log(`Home page first-load JS: ${kb.toFixed(1)} KB gzip (budget ${budgetKB} KB)`);
if (kb > budgetKB) {
  console.error(`Over budget by ${(kb - budgetKB).toFixed(1)} KB: code-split the heavy screens.`);
  process.exit(1);
}
