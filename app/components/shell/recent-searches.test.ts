// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { forgetRecentSearches, readRecentSearches, saveRecentSearches } from "./recent-searches";

afterEach(() => localStorage.clear());

describe("recent searches", () => {
  it("are kept per user: the next person to sign in on this browser never sees the last one's", () => {
    saveRecentSearches("ana", ["consulta", "orçamento"]);
    expect(readRecentSearches("ana")).toEqual(["consulta", "orçamento"]);
    expect(readRecentSearches("rui")).toEqual([]);
    saveRecentSearches("rui", ["viagem"]);
    expect(readRecentSearches("ana")).toEqual(["consulta", "orçamento"]);
    expect(readRecentSearches("rui")).toEqual(["viagem"]);
  });

  it("drop the old key shared by every user: whose terms they were is not known", () => {
    localStorage.setItem("rumo-recent-searches", JSON.stringify(["terapia"]));
    expect(readRecentSearches("ana")).toEqual([]);
    expect(localStorage.getItem("rumo-recent-searches")).toBeNull();
  });

  it("leave the browser at sign-out, the old shared key included, and nothing else does", () => {
    saveRecentSearches("ana", ["consulta"]);
    localStorage.setItem("rumo-recent-searches", JSON.stringify(["terapia"]));
    localStorage.setItem("rumo-cookie-consent", "rejected");
    forgetRecentSearches();
    expect(readRecentSearches("ana")).toEqual([]);
    expect(Object.keys(localStorage)).toEqual(["rumo-cookie-consent"]);
  });

  it("read as none when stored badly, and keep five at most", () => {
    localStorage.setItem("rumo-recent-searches:ana", "{not json");
    expect(readRecentSearches("ana")).toEqual([]);
    localStorage.setItem("rumo-recent-searches:ana", JSON.stringify(["a1", 2, "a3", "a4", "a5", "a6", "a7"]));
    expect(readRecentSearches("ana")).toEqual(["a1", "a3", "a4", "a5", "a6"]);
  });
});
