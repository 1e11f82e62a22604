#!/usr/bin/env node
// Renders public/og-image.png (1200x630, the social card of every page) from an SVG with sharp.
// Run after changing the design: `node scripts/social-image.mjs`. The PNG is committed.
import sharp from "sharp";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b21b6"/>
      <stop offset="1" stop-color="#7c3aed"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1060" cy="110" r="220" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="160" fill="#ffffff" opacity="0.05"/>
  <g transform="translate(90 110) scale(2.2)">
    <rect width="64" height="64" rx="14" fill="#ffffff"/>
    <path d="M20 46V18h13a9 9 0 0 1 2 17.8L45 46h-8l-9-10h-1v10zm7-16h6a3 3 0 0 0 0-6h-6z" fill="#6d28d9"/>
  </g>
  <text x="260" y="200" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="92" font-weight="bold" fill="#ffffff">Rumo</text>
  <text x="92" y="340" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="50" font-weight="bold" fill="#ffffff">organização e bem-estar</text>
  <text x="92" y="420" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" fill="#ede9fe">Tarefas · Calendário · Objetivos · Diário · Finanças</text>
  <text x="92" y="540" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" fill="#ddd6fe">Português · English</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile("public/og-image.png");
const meta = await sharp("public/og-image.png").metadata();
console.log(`public/og-image.png ${meta.width}x${meta.height}`);
