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
  // An e-mail change (POST /me/email): the link to the new address, the notice to the old one.
  emailChangeConfirmation: {
    subject: "Confirm your new email on Rumo",
    heading: "Confirm your new email",
    body: "Hello {{name}}, you asked to use this address for your Rumo account. Confirm it so the account has a confirmed email again. The link is valid for 24 hours.",
    button: "Confirm email",
    ignore: "If you did not ask for this change, ignore this email.",
  },
  emailChanged: {
    subject: "Your Rumo account's email was changed",
    heading: "Your account's email was changed",
    body: "Hello {{name}}, your Rumo account's email changed from {{oldEmail}} to {{newEmail}}. If this was you, there is nothing to do: confirm the new address with the link we sent there.\n\nIf this wasn't you, open Rumo on a device where you are still signed in and change the email and the password, or write to us at {{support}}.",
    button: "Open the account's security",
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
