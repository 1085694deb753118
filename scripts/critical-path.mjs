// The files of /home's critical path in a Vite manifest: the entry chunk, every chunk it imports
// statically (modulepreload), and the lazily loaded home page chunk with its static imports.
// Shared by the size check (scripts/size-budget.mjs) and its per-package breakdown
// (scripts/bench/critical-path-packages.mjs), so both count the same files.

/** @returns {{ entryKey: string | undefined, homeKey: string | undefined, files: Set<string> }} */
export function criticalPathFiles(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('src/pages/home-page.tsx'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  if (entryKey) visit(entryKey);
  if (homeKey) visit(homeKey);
  return { entryKey, homeKey, files };
}
