#!/usr/bin/env node
// Renders the installed app's icons in public/icons/ from public/icons/icon.svg with sharp:
// "any" icons (the rounded square) and maskable ones (full bleed, the mark inside the 80 % safe
// zone, so launchers can crop any shape). Run after changing the design: `node scripts/app-icons.mjs`.
// The PNGs are committed; public/manifest.webmanifest names them.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const MARK = readFileSync("public/icons/icon.svg", "utf8");
// The letter alone on a violet field, scaled to 60 % of the side: inside the maskable safe zone.
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6d28d9"/>
<g transform="translate(32 32) scale(0.6) translate(-32 -32)"><path d="M20 46V18h13a9 9 0 0 1 2 17.8L45 46h-8l-9-10h-1v10zm7-16h6a3 3 0 0 0 0-6h-6z" fill="#fff"/></g></svg>`;

const outputs = [
  { svg: MARK, size: 192, file: "icon-192.png" },
  { svg: MARK, size: 512, file: "icon-512.png" },
  { svg: MASKABLE, size: 192, file: "maskable-192.png" },
  { svg: MASKABLE, size: 512, file: "maskable-512.png" },
  // iOS ignores the manifest's icons and masks this one itself: full bleed too.
  { svg: MASKABLE, size: 180, file: "apple-touch-icon.png" },
  { svg: MARK, size: 96, file: "shortcut-96.png" },
  // The tab's icon: the browser decodes a PNG in a blink, an SVG needs a document of its own.
  { svg: MARK, size: 48, file: "favicon-48.png" },
];
for (const { svg, size, file } of outputs) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${file}`);
  console.log(`public/icons/${file} ${size}x${size}`);
}
