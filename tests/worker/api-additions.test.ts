import { describe, expect, it } from "vitest";
import additions from "../../docs/api-additions.md?raw";
import { apiRoutes, CONTRACT, keyOf } from "./sweeps/endpoints";

// docs/api-additions.md tells client writers what Rumo's API has beyond ../shared/API.md. Its first
// table is checked against the running app's route table, so a new endpoint cannot land unlisted
// and a removed one cannot stay listed.
const section = additions.split(/^## /m).find((part) => part.startsWith("Endpoints the contract does not name"));
const listed = [...(section ?? "").matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)` \|/gm)].map((m) => m[1]);

describe("docs/api-additions.md", () => {
  it("lists every route beyond the contract, and only routes that exist", () => {
    expect(listed.length).toBeGreaterThan(0);
    const contract = new Set(CONTRACT);
    const extra = apiRoutes().map(keyOf).filter((key) => !contract.has(key));
    expect(extra.filter((key) => !listed.includes(key)), "routes missing from docs/api-additions.md").toEqual([]);
    expect(listed.filter((key) => !extra.includes(key)), "listed but not a route beyond the contract").toEqual([]);
    expect(listed.length, "listed twice").toBe(new Set(listed).size);
  });
});
