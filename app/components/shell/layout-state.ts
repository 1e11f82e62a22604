/**
 * The layout this browser's window last asked for (below or above the shell's breakpoint), kept in a
 * cookie so the server renders that shell next time. The user agent alone misses a tablet that
 * calls itself a Mac (iPadOS Safari) and a narrow desktop window: their every load came as the
 * desktop shell and hydration swapped it for the mobile one, a visible jump and a re-render of the
 * whole shell (decision 0062). A functional cookie: written only with the user's consent.
 */
export const LAYOUT_COOKIE = "rumo-layout";
export const LAYOUT_MAX_AGE = 31_536_000; // a year, as long as a window tends to keep its size

/** The cookie to set for the window's answer; `null` deletes it (functional cookies not allowed). */
export const layoutCookie = (layout: "narrow" | "wide" | null) => `${LAYOUT_COOKIE}=${layout ?? ""}; Path=/; Max-Age=${layout ? LAYOUT_MAX_AGE : 0}; SameSite=Lax`;

/** The shell of the first render, before the window answers: a phone's user agent, or a window that was narrow last time. */
export const guessMobileLayout = (mobileUserAgent: boolean, remembered: string | null) => mobileUserAgent || remembered === "narrow";
