/**
 * The time zones a person can pick, as the browser's Intl knows them (IANA names, "Europe/Lisbon"),
 * with "UTC" and the zones given (a stored one the list may lack, an alias) kept, sorted by name
 * and labelled with spaces ("America/New York"). The event dialog's zone and the account's.
 */
export function timeZoneOptions(...keep: (string | null | undefined)[]): { value: string; label: string }[] {
  const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = new Set([...list, "UTC", ...keep.filter((zone): zone is string => Boolean(zone))]);
  return [...all].sort().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}
