const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Development-only helpers (mailbox, demo seed, test triggers) answer only when ENVIRONMENT is
 * "development" *and* the request is addressed to this machine: a deployment that forgot to set
 * ENVIRONMENT=production still never exposes them on its public host.
 */
export function isLocalDevelopment(env: Pick<Env, "ENVIRONMENT">, url: string | URL): boolean {
  return env.ENVIRONMENT === "development" && LOCAL_HOSTS.has(new URL(url).hostname);
}

/**
 * The environment a request (or, without one, a scheduled run addressed by APP_URL) really runs in:
 * "development" only on this machine. ENVIRONMENT=development is wrangler.toml's default, so a
 * deployment that forgot `--env production` would otherwise use the committed development key and
 * keep e-mail in D1; on any public host it is treated as production and fails closed instead.
 */
export function effectiveEnv<E extends Pick<Env, "ENVIRONMENT">>(env: E, url: string | URL): E {
  if (env.ENVIRONMENT !== "development" || isLocalDevelopment(env, url)) return env;
  return { ...env, ENVIRONMENT: "production" };
}
