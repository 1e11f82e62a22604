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
    /** The assistant's provider (worker/ai): "openai" (any OpenAI-compatible endpoint), "workers-ai", or unset for the built-in engine. */
    AI_PROVIDER?: string;
    /** OpenAI-compatible endpoint: base URL (…/v1), model and key. */
    OPENAI_BASE_URL?: string;
    OPENAI_MODEL?: string;
    OPENAI_API_KEY?: string;
    /** Workers AI model with function calling (default @cf/meta/llama-3.3-70b-instruct-fp8-fast). */
    WORKERS_AI_MODEL?: string;
    /** How long a provider may take before the built-in engine answers instead (ms, default 15000). */
    AI_TIMEOUT_MS?: string;
    /** The Workers AI binding, when wrangler.toml declares `[ai] binding = "AI"`. */
    AI?: { run(model: string, input: Record<string, unknown>): Promise<unknown> };
  }
}
