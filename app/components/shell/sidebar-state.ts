/** The sidebar's expanded/collapsed state, kept in a cookie for 7 days so the server renders it. */
export const SIDEBAR_COOKIE = "rumo-sidebar-state";
export const SIDEBAR_MAX_AGE = 604800;

export const sidebarCookie = (open: boolean) => `${SIDEBAR_COOKIE}=${open ? "expanded" : "collapsed"}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax`;

/** Expanded unless the cookie says collapsed. */
export const sidebarOpenFromCookie = (value: string | null) => value !== "collapsed";
