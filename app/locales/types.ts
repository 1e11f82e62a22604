/** The shape of a catalogue namespace: the Portuguese file defines the keys, English must match. */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** "a.b.c" for every string leaf of a catalogue (plural forms `x_one`, `x_other` count as `x`). */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K extends `${infer Base}_${PluralSuffix}` ? Base : K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type Catalogues = typeof import("./index").resources.pt;

/** A message key of one namespace, with its prefix: `KeyOf<"shell">` is "shell:nav.dashboard" | … */
export type KeyOf<N extends keyof Catalogues> = N extends keyof Catalogues ? `${N}:${Leaves<Catalogues[N]>}` : never;

/**
 * Any message key ("namespace:key"). Keys kept in data (navigation labels, API error messages)
 * use this type, so a mistyped key fails the type check like a mistyped `t("…")` call does.
 */
export type MessageKey = KeyOf<keyof Catalogues>;
