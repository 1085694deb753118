#!/usr/bin/env node
// Writes src/features/content/components/fa-icons.json — the icon catalogue of /fontAwesomeIcons — from the
// installed `font-awesome` package, so the page never drifts from the font it displays.
//
// Usage: node scripts/generate-fa-icons.mjs   (re-run after upgrading font-awesome)
//
// Where each field comes from:
// - name and character code: css/font-awesome.css, one `.fa-<name>:before { content: "\fxxx" }`
//   rule per code point; a rule with several selectors lists several names for one glyph.
// - alias: Font Awesome writes the alias selectors first and the canonical name last in such a
//   grouped rule (e.g. `.fa-photo, .fa-image, .fa-picture-o` → picture-o is canonical), so every
//   name but the last one of a group is marked "(alias)".
// - version introduced: the package carries NO per-icon version metadata (the upstream
//   icons.yml is not published to npm). Font Awesome assigned code points in release order, so
//   the version is derived from the code point with the release boundaries below, taken from
//   the Font Awesome 4.x changelog. Known limits, stated honestly:
//     * glyphs older than 4.0 (1.0–3.2) are shown as 4.0, the first release of this catalogue;
//     * an alias added in a later release than its glyph (e.g. `photo`, 4.2) shows the glyph's
//       release, not the alias's.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = dirname(require.resolve('font-awesome/package.json'));
const css = readFileSync(join(packageDir, 'css', 'font-awesome.css'), 'utf8');

/** First code point of each release (code points ascend with releases). */
const RELEASES = [
  ['4.0', 0x0],
  ['4.1', 0xf197],
  ['4.2', 0xf1e3],
  ['4.3', 0xf20d],
  ['4.4', 0xf23b],
  ['4.5', 0xf281],
  ['4.6', 0xf296],
  ['4.7', 0xf2b5],
];

/** The page shows this alphabetical slice of the font, both ends included (product spec §1). */
const FIRST = 'caret-square-o-left';
const LAST = 'photo';

function versionOf(code) {
  let version = RELEASES[0][0];
  for (const [name, first] of RELEASES) if (code >= first) version = name;
  return version;
}

const rule = /((?:\.fa-[a-z0-9-]+:before,?\s*)+)\{\s*content:\s*"\\([0-9a-f]+)";\s*\}/g;
const icons = [];
for (const match of css.matchAll(rule)) {
  const names = [...match[1].matchAll(/\.fa-([a-z0-9-]+):before/g)].map((m) => m[1]);
  const code = Number.parseInt(match[2], 16);
  names.forEach((name, index) => {
    icons.push({ name, code: match[2], alias: index < names.length - 1, version: versionOf(code) });
  });
}

icons.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const slice = icons.filter((icon) => icon.name >= FIRST && icon.name <= LAST);
if (slice.length === 0 || slice[0].name !== FIRST || slice.at(-1).name !== LAST) {
  console.error(`generate-fa-icons: the slice ${FIRST}…${LAST} was not found in the font`);
  process.exit(1);
}
const out = join(root, 'src', 'features', 'content', 'components', 'fa-icons.json');
// One icon per line keeps the file diffable.
writeFileSync(out, `[\n${slice.map((icon) => JSON.stringify(icon)).join(',\n')}\n]\n`);
console.log(`generate-fa-icons: ${slice.length} icons (${icons.length} in the font) → ${out}`);
