import { localeOf, type Language } from "~/i18n/language";
import { translator } from "../lib/translate";
import type { Mail } from "./mailer";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

type Template = "confirmation" | "welcome" | "passwordReset" | "emailChangeConfirmation" | "emailChanged";

/** Templates without the "ignore this e-mail if…" line: nothing was asked of the reader. */
const WITHOUT_IGNORE: ReadonlySet<Template> = new Set(["welcome", "emailChanged"]);

/** A transactional e-mail in the recipient's language: a heading, a paragraph, one button. */
export function renderMail(template: Template, language: Language, to: string, data: { link: string; name?: string; vars?: Record<string, string> }): Mail {
  const t = translator(language);
  const vars = { ...data.vars, name: data.name || to.split("@")[0], userName: data.name || to.split("@")[0] };
  const subject = t(`email:${template}.subject`);
  const heading = t(`email:${template}.heading`, vars);
  const body = t(`email:${template}.body`, vars);
  const button = t(`email:${template}.button`);
  const ignore = WITHOUT_IGNORE.has(template) ? "" : t(`email:${template}.ignore` as "email:confirmation.ignore");
  return layoutMail(language, to, { subject, heading, body, button, link: data.link, ignore, footer: t("email:footer") });
}

/** The one e-mail layout (plain text and HTML): a heading, a paragraph, one button, small print. */
export function layoutMail(
  language: Language,
  to: string,
  parts: { subject: string; heading: string; body: string; button: string; link: string; ignore?: string; footer: string },
): Mail {
  const { subject, heading, body, button, ignore, footer } = parts;
  const data = { link: parts.link };
  const text = [heading, "", body, "", `${button}: ${data.link}`, ...(ignore ? ["", ignore] : []), "", "—", footer].join("\n");
  const html = `<!doctype html><html lang="${localeOf[language]}"><body style="margin:0;background:#f5f3ff;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1e1b4b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#6d28d9">Rumo</td></tr>
<tr><td style="padding-top:16px;font-size:22px;font-weight:700">${escapeHtml(heading)}</td></tr>
<tr><td style="padding-top:12px;font-size:16px;line-height:1.5;white-space:pre-line">${escapeHtml(body)}</td></tr>
<tr><td style="padding-top:24px"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#6d28d9;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:10px">${escapeHtml(button)}</a></td></tr>
<tr><td style="padding-top:16px;font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(data.link)}</td></tr>
${ignore ? `<tr><td style="padding-top:16px;font-size:13px;color:#6b7280">${escapeHtml(ignore)}</td></tr>` : ""}
<tr><td style="padding-top:24px;font-size:12px;color:#9ca3af">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
