// Secrets (`wrangler secret put`, or .dev.vars locally) that `wrangler types` cannot see in wrangler.toml.
declare namespace Cloudflare {
  interface Env {
    EMAIL_API_KEY?: string;
    GOOGLE_CLIENT_SECRET?: string;
    /** 32 random bytes, base64: encrypts Google refresh tokens and TOTP keys at rest. */
    ENCRYPTION_KEY?: string;
    /** Stripe API secret key (sk_...). */
    STRIPE_SECRET_KEY?: string;
    /** Signing secret of the Stripe webhook endpoint (whsec_...). */
    STRIPE_WEBHOOK_SECRET?: string;
  }
}
