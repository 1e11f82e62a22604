// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "./test-utils";
import { WhenVisible } from "./when-visible";

/** A stand-in IntersectionObserver: the test says when the observed placeholder comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  static options: IntersectionObserverInit | undefined;
  observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    FakeObserver.last = this;
    FakeObserver.options = options;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Reports every observed element as intersecting (or not). */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const chart = (
  <WhenVisible height={240} label="A carregar o gráfico…">
    <p>the chart</p>
  </WhenVisible>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeObserver.last = undefined;
});

describe("WhenVisible", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    // No idle callback in happy-dom: the component falls back to a timeout, driven by the fake timers.
    vi.stubGlobal("requestIdleCallback", undefined);
  });

  it("shows a busy placeholder of the content's height, and not the content, until it comes near", () => {
    renderWithI18n(chart);
    expect(screen.queryByText("the chart")).toBeNull();
    const busy = document.querySelector('[aria-busy="true"]')!;
    expect(busy.textContent).toBe("A carregar o gráfico…");
    expect((busy.querySelector('[aria-hidden="true"]') as HTMLElement).style.height).toBe("240px");
    expect(FakeObserver.options?.rootMargin).toBe("50% 0px");
    act(() => FakeObserver.last!.report(false));
    act(() => void vi.runAllTimers());
    expect(screen.queryByText("the chart")).toBeNull();
  });

  it("renders the content in an idle moment once the placeholder comes near, then stops watching", () => {
    renderWithI18n(chart);
    const observer = FakeObserver.last!;
    act(() => observer.report(true));
    // Not in the observer's own callback: after the idle moment.
    expect(screen.queryByText("the chart")).toBeNull();
    act(() => void vi.runAllTimers());
    expect(screen.getByText("the chart")).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(observer.observed).toEqual([]);
  });

  it("renders the content at once where IntersectionObserver is missing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    renderWithI18n(chart);
    expect(screen.getByText("the chart")).toBeTruthy();
  });

  it("falls back to the kit's loading words without a label", () => {
    renderWithI18n(
      <WhenVisible height={100}>
        <p>the chart</p>
      </WhenVisible>,
      "en",
    );
    expect(document.querySelector('[aria-busy="true"]')!.textContent).toBe("Loading...");
  });
});
