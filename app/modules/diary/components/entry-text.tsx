import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * An entry's text in the list: three lines, and the whole of it on request ("Ler tudo"), so that a
 * long entry can be read without opening it to edit (and read at all without the plan, which hides
 * "Editar"). The button shows only when the three lines hide something (measured: phone or desktop).
 */
export function EntryText({ text, open: openAtFirst }: { text: string; open: boolean }) {
  const { t } = useTranslation("diary");
  const [open, setOpen] = useState(openAtFirst);
  const [cut, setCut] = useState(false);
  const box = useRef<HTMLParagraphElement>(null);
  const id = `entry-text${useId().replace(/:/g, "")}`;
  useEffect(() => {
    if (open) return;
    const measure = () => {
      if (box.current) setCut(box.current.scrollHeight > box.current.clientHeight + 1);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [open, text]);
  return (
    <>
      <p ref={box} id={id} dir="auto" className={`mt-2 whitespace-pre-line wrap-anywhere text-sm text-slate-700 ${open ? "" : "line-clamp-3"}`}>
        {text}
      </p>
      {(cut || open) && (
        <Button variant="link" aria-expanded={open} aria-controls={id} className="mt-1" onClick={() => setOpen(!open)}>
          {open ? t("list.readLess") : t("list.readMore")}
        </Button>
      )}
    </>
  );
}
