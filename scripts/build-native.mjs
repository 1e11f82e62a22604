#!/usr/bin/env node
// The web directory of the native wrap (capacitor.config.ts webDir): the client build (after
// `npm run build`) plus a start page. Online it opens the app on APP_URL (the signed-in screens
// are rendered by the Worker); offline it shows the bundled offline screen. docs/native.md
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";

const appUrl = process.env.APP_URL ?? "https://rumo.app";
if (!existsSync("build/client/sw.js")) {
  console.error("✗ run `npm run build` first (build/client with sw.js)");
  process.exit(1);
}
rmSync("build/native", { recursive: true, force: true });
mkdirSync("build/native", { recursive: true });
cpSync("build/client", "build/native", { recursive: true });
writeFileSync(
  "build/native/index.html",
  `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#6d28d9"><title>Rumo</title></head><body>
<script>location.replace(navigator.onLine ? ${JSON.stringify(`${appUrl}/app/meu-impacto`)} : "/offline.html");</script>
<noscript><a href=${JSON.stringify(`${appUrl}/app/meu-impacto`)}>Rumo</a></noscript></body></html>`,
);
console.log(`✓ build/native ready (start page opens ${appUrl}/app/meu-impacto)`);
