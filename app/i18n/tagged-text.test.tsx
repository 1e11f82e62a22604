import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { Trans } from "react-i18next";
import { describe, expect, it } from "vitest";
import enAbout from "~/locales/en/about";
import enPublic from "~/locales/en/public";
import ptAbout from "~/locales/pt/about";
import ptPublic from "~/locales/pt/public";
import { TaggedText } from "./tagged-text";

const email = "ajuda@rumo.app";
const mail = <a href={`mailto:${email}`} className="text-brand-700 underline" />;

describe("TaggedText", () => {
  it("renders the catalogues' tagged texts exactly as react-i18next's Trans did (same server HTML, so hydration matches)", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "pt", resources: { pt: { public: ptPublic, about: ptAbout }, en: { public: enPublic, about: enAbout } }, interpolation: { escapeValue: false } });
    for (const language of ["pt", "en"]) {
      for (const [ns, key] of [["public", "footer.contact"], ["about", "contact.text"]] as const) {
        const t = i18n.getFixedT(language, ns);
        const before = renderToStaticMarkup(<Trans i18n={i18n} t={t} ns={ns} i18nKey={key} values={{ email }} components={{ mail }} />);
        const after = renderToStaticMarkup(<TaggedText text={t(key, { email })} components={{ mail }} />);
        expect(after).toBe(before);
        expect(after).toContain(`<a href="mailto:${email}" class="text-brand-700 underline">${email}</a>`);
      }
    }
  });

  it("keeps text around and between tags, and the text of a tag without a component", () => {
    expect(renderToStaticMarkup(<TaggedText text="a <b>x</b> c <i>y</i> d" components={{ b: <strong /> }} />)).toBe("a <strong>x</strong> c y d");
  });
});
