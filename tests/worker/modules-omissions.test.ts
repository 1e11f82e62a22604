import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MODULES } from "~/modules";
import { WORKER_MODULES } from "@worker/modules";
import { EXPORTERS } from "@worker/modules/exporters";
import { searchTypesOf } from "@worker/modules/registry";
import type { WorkerModule } from "@worker/modules/types";
import { unexported, userTables, withoutCascade } from "./user-tables";

/** Landed modules whose declared search types have no search source. */
export const missingSearch = (modules: readonly WorkerModule[], landed: ReadonlySet<string>) =>
  modules
    .filter((m) => landed.has(m.key))
    .flatMap((m) => m.searchTypes.filter((type) => !(m.searchSources ?? []).some((s) => s.type === type)).map((type) => `${m.key}: ${type}`));

describe("omissions that fail the build", () => {
  it("every table holding user rows is covered by an exporter", async () => {
    const tables = await userTables(env.DB);
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(["feedback", "known_devices", "sessions"]));
    expect(unexported(tables, EXPORTERS)).toEqual([]);
  });

  it("every user column references users(id) ON DELETE CASCADE", async () => {
    expect(withoutCascade(await userTables(env.DB))).toEqual([]);
  });

  it("the checks catch a table that is not exported or not cascaded", async () => {
    await env.DB.exec("create table omission_probe (id text primary key, user_id text not null references users(id))");
    try {
      const tables = await userTables(env.DB);
      expect(unexported(tables, EXPORTERS)).toEqual(["omission_probe"]);
      expect(withoutCascade(tables)).toEqual(["omission_probe.user_id"]);
    } finally {
      await env.DB.exec("drop table omission_probe");
    }
  });

  it("a landed module has a search source for every type it declares, and both halves share keys", () => {
    const landed = new Set(MODULES.filter((m) => "landed" in m && m.landed).map((m) => m.key));
    expect(missingSearch(WORKER_MODULES, landed)).toEqual([]);
    expect(missingSearch([{ key: "sample", searchTypes: ["note"] }], new Set(["sample"]))).toEqual(["sample: note"]);
    expect(WORKER_MODULES.map((m) => m.key)).toEqual(MODULES.map((m) => m.key));
    // The API contract's search types (../shared/API.md), each owned by one module.
    expect(searchTypesOf(WORKER_MODULES).sort()).toEqual(["event", "goal", "insight", "note", "task", "transaction"]);
  });

  it("every module's feature flag has its row in D1 (a module adds it with a migration)", async () => {
    const { results } = await env.DB.prepare("select feature_name from feature_flags").all<{ feature_name: string }>();
    const names = results.map((r) => r.feature_name);
    const flags = MODULES.flatMap((m) => ("flag" in m && m.flag ? [m.flag.name] : []));
    expect(flags.filter((flag) => !names.includes(flag))).toEqual([]);
  });
});
