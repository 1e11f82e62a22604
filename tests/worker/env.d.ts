import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** "1" runs the full bad-input and isolation sweeps (`npm run test:quality`), else their compact form. */
      RUMO_FULL_SWEEP: string;
    }
  }
}
