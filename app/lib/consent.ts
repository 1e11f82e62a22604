/** Cookie consent (stored in the browser). Nothing optional may run before `hasConsent` says so. */
export const COOKIE_CONSENT_KEY = "rumo-cookie-consent";
export const GDPR_CONSENT_KEY = "rumo-gdpr-consent";
/** A cookie mirroring the choice (accepted, rejected, custom): the server renders no banner once it is set. */
export const CONSENT_COOKIE = COOKIE_CONSENT_KEY;

export type ConsentCategories = { functional: boolean; analytics: boolean; marketing: boolean };
export type ConsentRecord = ConsentCategories & { accepted: boolean; timestamp: string };
export type ConsentChoice = "accepted" | "rejected" | "custom";

export function readConsent(storage: Pick<Storage, "getItem"> = localStorage): ConsentRecord | null {
  try {
    const record = JSON.parse(storage.getItem(GDPR_CONSENT_KEY) ?? "null");
    if (!record || typeof record !== "object") return null;
    return {
      accepted: record.accepted === true,
      functional: record.functional === true,
      analytics: record.analytics === true,
      marketing: record.marketing === true,
      timestamp: String(record.timestamp ?? ""),
    };
  } catch {
    return null;
  }
}

/** Stores a choice: accept all, reject optionals, or the categories of the preferences dialog. */
export function saveConsent(choice: ConsentChoice, categories?: ConsentCategories, storage: Pick<Storage, "setItem"> = localStorage, now = new Date()) {
  const chosen = choice === "accepted" ? { functional: true, analytics: true, marketing: true } : choice === "rejected" ? { functional: false, analytics: false, marketing: false } : categories!;
  const record: ConsentRecord = { accepted: choice !== "rejected", ...chosen, timestamp: now.toISOString() };
  storage.setItem(COOKIE_CONSENT_KEY, choice);
  storage.setItem(GDPR_CONSENT_KEY, JSON.stringify(record));
  if (typeof document !== "undefined") document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return record;
}

export function hasConsent(category: keyof ConsentCategories, storage: Pick<Storage, "getItem"> = localStorage): boolean {
  return readConsent(storage)?.[category] === true;
}
