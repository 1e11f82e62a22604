import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorStatus } from "../../worker/lib/errors";
import { repoRoot, sourceFiles } from "./source-files";

/** The codes the Worker can answer: its error table, and every code an error is made with in its sources. */
function answeredCodes(): Set<string> {
  const codes = new Set<string>(Object.keys(errorStatus));
  // On a line that makes an error, every snake_case string is a code ("a ? \"not_ical\" : \"too_many_events\"").
  const makesError = /new ApiError\(|billingError\(|tooMany\(|\berror: \{ code:/;
  for (const file of sourceFiles(join(repoRoot, "worker"), (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!makesError.test(line)) continue;
      for (const [, code] of line.matchAll(/"([a-z]+(?:_[a-z]+)+)"/g)) codes.add(code);
    }
  }
  return codes;
}

describe("API error codes", () => {
  // docs/api-errors.md repeats API.md's codes (the contract lives outside the repository).
  it("are each named in docs/api-errors.md, with their status", () => {
    const documented = readFileSync(join(repoRoot, "docs/api-errors.md"), "utf8");
    const missing = [...answeredCodes()].filter((code) => !documented.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it("finds the codes made outside the error table (the scan itself works)", () => {
    expect([...answeredCodes()]).toEqual(expect.arrayContaining(["account_disabled", "not_ical", "too_many_events", "coupon_expired", "too_many_requests", "upgrade_required"]));
  });
});
