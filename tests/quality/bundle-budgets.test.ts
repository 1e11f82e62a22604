/**
 * Bundle budgets (issue 20, docs/decisions/0042): first-load JavaScript (gzip) of every page route
 * of the client build ≤ 130 KiB on public pages and ≤ 165 KiB on /app screens; no chart library and
 * no catalogue module in any first load (a page's catalogues travel inline, in its language only).
 *
 * Reads the existing build (`npm test` runs it after the e2e layer built the app; `npm run
 * test:quality` builds first). Routes over budget today are listed in bundle-baseline.json as debt:
 * they may not grow (1 KiB of slack) and the test names the chunk that did. `UPDATE_BUNDLE_BASELINE=1`
 * rewrites that file after a deliberate change.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deepIconImports } from "../../scripts/icon-imports";
import { BUDGET_KIB, buildExists, chunkName, describeLoad, gzipBytes, modulesOf, pageLoads, readChunkSources, type PageLoad } from "./bundle";

const BASELINE_FILE = join(import.meta.dirname, "bundle-baseline.json");
const SLACK_KIB = 1;
type Baseline = Record<string, { gzipKiB: number; chunks: Record<string, number> }>;

const hasBuild = buildExists();
if (!hasBuild && process.env.CI) throw new Error("bundle budgets: no client build (build/client-chunks.json); build before this test in CI");

const round = (kib: number) => Math.round(kib * 10) / 10;
const chunkSizes = (load: PageLoad) => Object.fromEntries(load.files.map((file) => [chunkName(file), round(gzipBytes(file) / 1024)]));

describe.skipIf(!hasBuild)("bundle budgets (first-load JavaScript, gzip)", () => {
  const loads = hasBuild ? pageLoads() : [];
  const sources = hasBuild ? readChunkSources() : {};
  const baseline: Baseline = existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, "utf8")) : {};

  it("finds every page route of the manifest, public and /app", () => {
    const urls = loads.map((l) => l.url);
    for (const url of ["/", "/pricing", "/auth", "/app/dashboard", "/app/tarefas", "/app/financas"]) expect(urls).toContain(url);
    expect(loads.filter((l) => l.kind === "app").length).toBeGreaterThan(10);
  });

  it("sends the public site's marketing pages and /auth without JavaScript (handle.hydrate === false)", () => {
    // The sign-in page too: server-rendered forms posting to its action (decision 0052).
    const shouldBeStatic = ["/", "/about", "/pricing", "/premium", "/blog", "/blog/x", "/privacy", "/terms", "/legal-center", "/status", "/payment-success", "/payment-cancel", "/auth"];
    const hydrated = loads.filter((l) => shouldBeStatic.includes(l.url) && l.hydrated).map((l) => l.url);
    expect(hydrated).toEqual([]);
    // The app stays interactive.
    expect(loads.filter((l) => l.kind === "app" && !l.hydrated).map((l) => l.url)).toEqual([]);
  });

  it("keeps every route within its budget (or, for recorded debt, from growing)", () => {
    if (process.env.UPDATE_BUNDLE_BASELINE) {
      const debt: Baseline = {};
      for (const load of loads) if (load.gzipKiB > BUDGET_KIB[load.kind]) debt[load.url] = { gzipKiB: round(load.gzipKiB), chunks: chunkSizes(load) };
      writeFileSync(BASELINE_FILE, JSON.stringify(debt, null, 2) + "\n");
      return;
    }
    const problems: string[] = [];
    const table: string[] = [];
    for (const load of loads) {
      const budget = BUDGET_KIB[load.kind];
      const recorded = baseline[load.url];
      const over = load.gzipKiB > budget;
      table.push(`${load.url.padEnd(34)} ${load.gzipKiB.toFixed(1).padStart(6)} KiB / ${budget}${load.hydrated ? "" : "  static (no scripts)"}${over ? (recorded ? `  over (debt ${recorded.gzipKiB})` : "  OVER") : ""}`);
      if (!over) continue;
      if (recorded && load.gzipKiB <= recorded.gzipKiB + SLACK_KIB) continue;
      const sizes = chunkSizes(load);
      const grew = recorded
        ? Object.entries(sizes)
            .filter(([name, kib]) => kib - (recorded.chunks[name] ?? 0) >= 0.1)
            .map(([name, kib]) => `${name} ${recorded.chunks[name] ?? 0} → ${kib} KiB`)
        : [];
      problems.push(
        [
          `${load.url} (route ${load.routeId}): ${load.gzipKiB.toFixed(1)} KiB of first-load JavaScript, budget ${budget} KiB${recorded ? `, recorded debt ${recorded.gzipKiB} KiB` : ""}`,
          ...(grew.length ? [`  chunks that grew: ${grew.join("; ")}`] : []),
          "  biggest chunks:",
          ...describeLoad(load, sources).map((line) => `    ${line}`),
        ].join("\n"),
      );
    }
    console.log(`First-load JavaScript per route (gzip):\n${table.join("\n")}`);
    expect(problems, problems.join("\n\n")).toEqual([]);
  });

  it("puts no chart library in any first load (charts load with the screen that draws them)", () => {
    const charts = loads.flatMap((load) =>
      modulesOf(load, sources)
        .filter(({ id }) => /node_modules\/(recharts|victory-vendor|d3-[a-z]+)\//.test(id))
        .map(({ file, id }) => `${load.url}: ${file} holds ${id}`),
    );
    expect([...new Set(charts)]).toEqual([]);
  });

  it("puts no screen's create or edit dialog in any first load (an editor loads on first use, or once the page has settled)", () => {
    const editors = loads.flatMap((load) =>
      modulesOf(load, sources)
        .filter(({ id }) => /^app\/(modules\/.+-(form|dialog)|components\/shell\/(feedback-form|search-dialog))\.tsx$/.test(id))
        .map(({ file, id }) => `${load.url}: ${file} holds ${id}`),
    );
    expect([...new Set(editors)]).toEqual([]);
  });

  it("puts the realtime client in no first load (the connection opens after the first paint, decision 0061)", () => {
    const realtime = loads.flatMap((load) =>
      modulesOf(load, sources)
        .filter(({ id }) => id === "app/lib/realtime-client.ts")
        .map(({ file, id }) => `${load.url}: ${file} holds ${id}`),
    );
    expect([...new Set(realtime)]).toEqual([]);
  });

  it("puts what a screen runs only after its first paint or in a later tab in no first load (the entity-change hub, the diary's overview and insights)", () => {
    // useEntityChanges subscribes after the first paint; the diary opens on its writer or its list.
    // The realtime glue too, except on the notifications screen, whose list is live from the start.
    const later = (url: string, id: string) =>
      /^app\/(lib\/entity-change(s|-hub)\.ts|modules\/diary\/components\/analysis-tabs\.tsx)$/.test(id) || (id === "app/lib/realtime.ts" && url !== "/app/notificacoes");
    const found = loads.flatMap((load) =>
      modulesOf(load, sources)
        .filter(({ id }) => later(load.url, id))
        .map(({ file, id }) => `${load.url}: ${file} holds ${id}`),
    );
    expect([...new Set(found)]).toEqual([]);
  });

  it("leaves out of the shell chunk what the shell runs after the first paint or on first use (decision 0094)", () => {
    // The bell's state and live connection, the announcements, session tracking and the security
    // probe, the offline banner (after the first paint); the sign-out's steps and dialog (on use).
    const shell = Object.values(sources).find((chunk) => "app/routes/app/layout.tsx" in chunk.modules);
    expect(shell).toBeDefined();
    const later =
      /^app\/(components\/notifications\/(use-notifications|notifications-state|notifications-feed|use-feature-announcements)\.tsx?|components\/shell\/(shell-services|sign-out-flow)\.tsx|components\/offline\/(offline-status|sign-out-guard)\.tsx|lib\/(sign-out|activity\/security-probe|pwa\/state)\.ts)$/;
    expect(Object.keys(shell!.modules).filter((id) => later.test(id))).toEqual([]);
  });

  it("puts no catalogue module in any first load (the page carries its language's namespaces inline)", () => {
    const catalogues = loads.flatMap((load) =>
      modulesOf(load, sources)
        .filter(({ id }) => /^app\/locales\/(pt|en)\//.test(id))
        .map(({ file, id }) => `${load.url}: ${file} holds ${id}`),
    );
    expect([...new Set(catalogues)]).toEqual([]);
  });

  it("keeps each catalogue in a chunk of its own, loaded on demand", () => {
    const catalogueChunks = Object.entries(sources).filter(([, chunk]) => Object.keys(chunk.modules).some((id) => /^app\/locales\/(pt|en)\//.test(id)));
    expect(catalogueChunks.length).toBeGreaterThan(0);
    for (const [file, chunk] of catalogueChunks) {
      const languages = new Set(Object.keys(chunk.modules).map((id) => id.match(/^app\/locales\/(pt|en)\//)?.[1]).filter(Boolean));
      expect(languages.size, `${file} mixes languages`).toBe(1);
    }
  });
  it("puts in the shell chunk only the icons the shell itself draws (a screen's icons travel with the screen)", () => {
    // The chunk every /app screen shares: the one holding the /app layout (scripts/app-shell-chunk.ts).
    const shell = Object.values(sources).find((chunk) => "app/routes/app/layout.tsx" in chunk.modules);
    expect(shell).toBeDefined();
    const modules = Object.keys(shell!.modules);
    // What the shell's own modules import, read from their source (one import per icon after the rewrite).
    const drawn = new Set(
      modules
        .filter((id) => id.startsWith("app/"))
        .flatMap((id) => [...deepIconImports(readFileSync(join(process.cwd(), id), "utf8")).matchAll(/from "@heroicons\/react\/([0-9]+\/[a-z]+\/[A-Za-z0-9]+)"/g)].map((m) => m[1])),
    );
    const icons = modules.filter((id) => id.includes("node_modules/@heroicons/")).map((id) => id.replace(/.*@heroicons\/react\/([0-9]+\/[a-z]+)\/esm\/([A-Za-z0-9]+)\.js$/, "$1/$2"));
    expect(icons.length).toBeGreaterThan(5);
    expect(icons.filter((icon) => !drawn.has(icon))).toEqual([]);
  });
});
