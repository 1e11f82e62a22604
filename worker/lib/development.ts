const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Development-only helpers (mailbox, demo seed, test triggers) answer only when ENVIRONMENT is
 * "development" *and* the request is addressed to this machine: a deployment that forgot to set
 * ENVIRONMENT=production still never exposes them on its public host.
 */
export function isLocalDevelopment(env: Pick<Env, "ENVIRONMENT">, url: string | URL): boolean {
  return env.ENVIRONMENT === "development" && LOCAL_HOSTS.has(new URL(url).hostname);
}
