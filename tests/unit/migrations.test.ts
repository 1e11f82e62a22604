import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/0010-schema-per-module-and-migrations.md: wrangler applies the .sql files in name
// order and records their names; drizzle-kit chains snapshots through meta/_journal.json. A merge
// that leaves the two disagreeing would apply migrations in another order than they were made.
const dir = join(import.meta.dirname, "../../migrations");
const files = readdirSync(dir).filter((name) => name.endsWith(".sql"));
const journal = JSON.parse(readFileSync(join(dir, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };

describe("the migration chain", () => {
  it("has one file per journal entry, and name order is the journal's order", () => {
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual([...files].sort());
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });

  it("names new migrations by timestamp, so two branches never pick the same number", () => {
    const legacy = files.filter((name) => /^\d{4}_/.test(name));
    expect(legacy.every((name) => name < "0006")).toBe(true);
    const stamped = files.filter((name) => !legacy.includes(name));
    for (const name of stamped) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
    const prefixes = files.map((name) => name.split("_")[0]);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    // The Workers test pool orders by the numeric prefix: it must agree with wrangler's name order.
    expect([...files].sort((a, b) => parseInt(a) - parseInt(b))).toEqual([...files].sort());
  });

  it("has a snapshot for every migration (drizzle-kit diffs the next one against the last)", () => {
    const snapshots = readdirSync(join(dir, "meta")).filter((name) => name.endsWith("_snapshot.json"));
    expect(snapshots.map((name) => name.split("_")[0]).sort()).toEqual(journal.entries.map((e) => e.tag.split("_")[0]).sort());
  });
});
