// The global search's index from the modules' declarations (docs/decisions/0036-search-fts5.md).
// Each module keeps its search sources in worker/modules/<key>/search.ts (plain declarations, so
// this runs in Node without the Workers runtime).
//   npm run search:sql -- all            the whole index (tables, backfill, triggers): the first migration
//   npm run search:sql -- replace        drops and recreates the whole index: a migration that reshapes it
//   npm run search:sql -- source <type>  one new source's triggers and backfill, for its migration
//   npm run search:sql -- change <type> [<old trigger>...]
//                                        a source whose texts changed: its triggers (and the old
//                                        ones named) dropped and made again, its rows re-indexed in place
//   npm run search:rebuild -- --local    drops and rebuilds the index in D1 (or --remote)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSearchIndexSql, dropSearchIndexSql, searchSourceChangeSql, searchSourceSql, type SearchSource } from "../worker/search/sources";

const isSource = (value: unknown): value is SearchSource =>
  typeof value === "object" && value !== null && "table" in value && "type" in value && "present" in value;

async function declaredSources(): Promise<SearchSource[]> {
  const root = join(import.meta.dirname, "../worker/modules");
  const sources: SearchSource[] = [];
  for (const key of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    if (!existsSync(join(root, key, "search.ts"))) continue;
    const file = await import(join(root, key, "search.ts"));
    sources.push(...Object.values(file).filter(isSource));
  }
  return sources;
}

const [command, ...rest] = process.argv.slice(2);
const sources = await declaredSources();
if (command === "all") console.log(createSearchIndexSql(sources).join("\n--> statement-breakpoint\n"));
else if (command === "replace") console.log([...dropSearchIndexSql(sources), ...createSearchIndexSql(sources)].join("\n--> statement-breakpoint\n"));
else if (command === "source") {
  const source = sources.find((s) => s.type === rest[0]);
  if (!source) throw new Error(`no search source of type ${rest[0]} in worker/modules/*/search.ts`);
  console.log(searchSourceSql(source).join("\n--> statement-breakpoint\n"));
} else if (command === "change") {
  const [type, ...previous] = rest;
  const source = sources.find((s) => s.type === type);
  if (!source) throw new Error(`no search source of type ${type} in worker/modules/*/search.ts`);
  console.log(searchSourceChangeSql(source, previous).join("\n--> statement-breakpoint\n"));
} else if (command === "rebuild") {
  const where = rest.includes("--remote") ? "--remote" : "--local";
  const file = join(mkdtempSync(join(tmpdir(), "rumo-search-")), "rebuild.sql");
  writeFileSync(file, [...dropSearchIndexSql(sources), ...createSearchIndexSql(sources)].join("\n"));
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", where, "-c", "wrangler.toml", "--file", file, "-y"], { stdio: "inherit" });
} else {
  console.error("usage: search-index.ts all | replace | source <type> | change <type> [<old trigger>...] | rebuild [--local|--remote]");
  process.exit(1);
}
