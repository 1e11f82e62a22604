/**
 * The layout this browser's window last asked for (below or above the shell's breakpoint), kept in a
 * cookie so the server renders that shell next time. The user agent alone misses a tablet that
 * calls itself a Mac (iPadOS Safari) and a narrow desktop window: their every load came as the
 * desktop shell and hydration swapped it for the mobile one, a visible jump and a re-render of the
 * whole shell (decision 0062).
 */
export const LAYOUT_COOKIE = "rumo-layout";
export const LAYOUT_MAX_AGE = 31_536_000; // a year, as long as a window tends to keep its size

export const layoutCookie = (narrow: boolean) => `${LAYOUT_COOKIE}=${narrow ? "narrow" : "wide"}; Path=/; Max-Age=${LAYOUT_MAX_AGE}; SameSite=Lax`;

/** The shell of the first render, before the window answers: a phone's user agent, or a window that was narrow last time. */
export const guessMobileLayout = (mobileUserAgent: boolean, remembered: string | null) => mobileUserAgent || remembered === "narrow";
