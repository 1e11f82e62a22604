import type ptEmail from "../pt/email";
import type { Catalog } from "../types";

export default {
  footer: "Rumo — organisation and wellbeing. You received this email because a Rumo account uses this address.",
  confirmation: {
    subject: "Confirm your email on Rumo",
    heading: "Confirm your email",
    body: "Hello {{name}}, confirm your email to activate your Rumo account. The link is valid for 24 hours.",
    button: "Confirm email",
    ignore: "If you did not create a Rumo account, ignore this email.",
  },
  welcome: {
    subject: "Welcome to Rumo",
    heading: "Welcome to Rumo, {{userName}}!",
    body: "Your account is ready and you have 14 days of Pro for free. Start with your impact dashboard.",
    button: "Open my impact",
  },
  passwordReset: {
    subject: "Recover your Rumo password",
    heading: "Set a new password",
    body: "We received a request to recover your account's password. The link is valid for 1 hour and can be used once.",
    button: "Set new password",
    ignore: "If you did not ask to recover your password, ignore this email: your password stays the same.",
  },
  // Notification e-mails (instant and digests; worker/notifications, worker/cron/email-digests).
  notification: {
    button: "Open in Rumo",
    footer: "You received this email because email notifications of this kind are on. You can change them in your notification preferences.",
  },
  digest: {
    dailySubject_zero: "Your Rumo daily digest: {{count}} notifications",
    dailySubject_one: "Your Rumo daily digest: {{count}} notification",
    dailySubject_other: "Your Rumo daily digest: {{count}} notifications",
    weeklySubject_zero: "Your Rumo weekly digest: {{count}} notifications",
    weeklySubject_one: "Your Rumo weekly digest: {{count}} notification",
    weeklySubject_other: "Your Rumo weekly digest: {{count}} notifications",
  },
} satisfies Catalog<typeof ptEmail>;
