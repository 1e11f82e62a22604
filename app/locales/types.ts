/** The shape of a catalogue namespace: the Portuguese file defines the keys, English must match. */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
