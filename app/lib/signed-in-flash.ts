/**
 * The spec's sign-in success toast ("Bem-vindo!" / "Sessão iniciada com sucesso."): the sign-in
 * form is a server form (decision 0052), so its redirect sets this short-lived cookie and the app's
 * shell, reading it once in the browser, says welcome and clears it. It carries nothing but "1".
 */
export const SIGNED_IN_COOKIE = "rumo-signed-in";

/** Set with the redirect after a sign-in (two minutes: the next page is there long before). */
export const signedInCookie = () => `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=120; SameSite=Lax`;

/** Clears it, once the welcome was said. */
export const clearedSignedInCookie = () => `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

/** Whether `cookies` (`document.cookie`) carries the flash. */
export const hasSignedInFlash = (cookies: string) => cookies.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);
