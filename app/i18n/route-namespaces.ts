import type { Namespace } from "~/locales";

/** A route module's `handle`: the catalogue namespaces its screen (and its components) use. */
export type I18nHandle = { i18n: readonly BrowserNamespace[] };

/** Namespaces only the server uses (e-mails): never sent to the browser. */
export const SERVER_ONLY_NAMESPACES = ["email"] as const satisfies readonly Namespace[];
export type BrowserNamespace = Exclude<Namespace, (typeof SERVER_ONLY_NAMESPACES)[number]>;

/** Every page needs these (the root's banner, progress, error and 404 screens). */
export const BASE_NAMESPACES: readonly BrowserNamespace[] = ["common"];

/** The namespaces the matched routes declare in `handle.i18n`, plus the base ones, once each. */
export function namespacesOf(handles: readonly unknown[]): BrowserNamespace[] {
  const found = new Set<BrowserNamespace>(BASE_NAMESPACES);
  for (const handle of handles) {
    const list = (handle as Partial<I18nHandle> | undefined)?.i18n;
    if (Array.isArray(list)) for (const ns of list) if (!(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns)) found.add(ns);
  }
  return [...found];
}

/** The catalogues a page starts with: its language, its namespaces. */
export type I18nBootstrap = { language: "pt" | "en"; resources: Partial<Record<BrowserNamespace, unknown>> };

export const I18N_BOOTSTRAP_ID = "rumo-i18n";

/** JSON safe inside a <script> element (no "</script>", no HTML comment openers). */
export function serializeBootstrap(bootstrap: I18nBootstrap): string {
  return JSON.stringify(bootstrap).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
