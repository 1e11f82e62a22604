const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Development-only helpers (mailbox, demo seed, test triggers) answer only when ENVIRONMENT is
 * "development" *and* the request is addressed to this machine: a deployment that forgot to set
 * ENVIRONMENT=production still never exposes them on its public host.
 */
export function isLocalDevelopment(env: Pick<Env, "ENVIRONMENT">, url: string | URL): boolean {
  return env.ENVIRONMENT === "development" && isLocalUrl(url);
}

// Every request of a development server asks (effectiveEnv): each origin's answer is kept, so the
// URL is parsed once per origin rather than per request. Bounded: a flood of Host headers only
// costs the parse again.
const localOrigins = new Map<string, boolean>();
const LOCAL_ORIGINS_MAX = 64;

function isLocalUrl(url: string | URL): boolean {
  if (typeof url !== "string") return LOCAL_HOSTS.has(url.hostname);
  const schemeEnd = url.indexOf("//");
  const pathStart = schemeEnd === -1 ? -1 : url.indexOf("/", schemeEnd + 2);
  const origin = pathStart === -1 ? url : url.slice(0, pathStart);
  let local = localOrigins.get(origin);
  if (local === undefined) {
    local = LOCAL_HOSTS.has(new URL(origin).hostname);
    if (localOrigins.size >= LOCAL_ORIGINS_MAX) localOrigins.clear();
    localOrigins.set(origin, local);
  }
  return local;
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
