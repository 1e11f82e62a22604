/**
 * Headless UI's `Dialog`, `DialogPanel`, `DialogTitle` and `Description` with the same props, but
 * not in any screen's first load (decision 0042): the dialog code (focus trap, portal, transitions,
 * scroll lock) is fetched once the page has settled (decision 0067), or at once when a dialog opens
 * before that. A screen imports these from here instead of "@headlessui/react".
 *
 * Opened before the code is there: a visible "Loading…" overlay says so (after a short delay, so a
 * fast download shows nothing), Escape still closes, and the focus stays on the trigger until the
 * dialog takes it (Headless UI moves it inside and gives it back to that trigger on close).
 */
import type { Description as HeadlessDescription, Dialog as HeadlessDialog, DialogPanel as HeadlessDialogPanel, DialogTitle as HeadlessDialogTitle } from "@headlessui/react";
import { useEffect, useRef, useState, type ComponentProps, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { focusIfLost } from "~/lib/focus-if-lost";
import { onDemand, useOnDemand } from "~/lib/on-demand";

const parts = onDemand(() => import("./dialog-parts"));

/** How long a pending dialog waits before it shows the loading overlay. */
const LOADING_DELAY_MS = 150;

// Typed as Headless UI's own components (polymorphic `as`, render props), which they render.
export const Dialog = function Dialog(props: ComponentProps<typeof HeadlessDialog>) {
  const [loaded, request] = useOnDemand(parts);
  const open = Boolean(props.open);
  useEffect(() => {
    if (open && !loaded) request();
  }, [open, loaded, request]);
  useFocusBackToOpener(open);
  if (loaded) return <loaded.Dialog {...props} />;
  return open ? <DialogLoading onClose={() => props.onClose?.(false)} /> : null;
} as typeof HeadlessDialog;

/**
 * Gives the focus back to what had it when the dialog opened, if the dialog's close left it nowhere
 * (on <body>). Headless UI does that itself from a history of focused elements that its module
 * starts keeping when it is evaluated: a dialog opened before its code had arrived (the first one
 * on a page, opened within its first seconds) found no opener there, and Escape or a save then
 * left a keyboard user at the top of the page.
 */
function useFocusBackToOpener(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    // After Headless UI's own hand-back and the screen's (a save may focus the saved row).
    return () => focusIfLost(() => (opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : null));
  }, [open]);
}

/**
 * The stand-in while a dialog's code downloads: a status overlay, visible after a short delay, that
 * Escape dismisses (`onClose`). Also for screens that load a whole dialog component on first use.
 */
export function DialogLoading({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("ui");
  const [visible, setVisible] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className={`fixed inset-0 z-50 flex items-center justify-center bg-black/40 transition-opacity ${visible ? "opacity-100" : "opacity-0"}`}>
      <span className="rounded-xl bg-white px-4 py-3 text-sm font-medium text-slate-700 shadow-xl">{t("loading")}</span>
    </div>
  );
}

// The parts below only ever render inside `Dialog`, which renders Headless UI's only once loaded.
const loadedParts = () => {
  if (!parts.loaded) throw new Error("dialog parts rendered outside a loaded Dialog");
  return parts.loaded;
};

export const DialogPanel = function DialogPanel(props: ComponentProps<typeof HeadlessDialogPanel>) {
  const { DialogPanel: Panel } = loadedParts();
  return <Panel {...props} />;
} as typeof HeadlessDialogPanel;

export const DialogTitle = function DialogTitle(props: ComponentProps<typeof HeadlessDialogTitle>) {
  const { DialogTitle: Title } = loadedParts();
  return <Title {...props} />;
} as typeof HeadlessDialogTitle;

export const Description = function Description(props: ComponentProps<typeof HeadlessDescription>) {
  const { Description: Text } = loadedParts();
  return <Text {...props} />;
} as typeof HeadlessDescription;

/**
 * A screen's whole dialog component (its form, fields, widgets) loaded on first use instead of with
 * the screen: `importer` resolves to the component; `isOpen` reads its props (always open when the
 * screen mounts it only while open). Closed and not loaded, it renders nothing; opened before the
 * code is there, `DialogLoading`. Fetched anyway once the page has settled, so a later first use is instant.
 */
export function onDemandDialog<P extends { onClose: () => void }>(importer: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean = () => true): ComponentType<P> {
  const component = onDemand(importer);
  return function OnDemandDialog(props: P) {
    const [Loaded, request] = useOnDemand(component);
    const open = isOpen(props);
    useEffect(() => {
      if (open && !Loaded) request();
    }, [open, Loaded, request]);
    if (Loaded) return <Loaded {...props} />;
    return open ? <DialogLoading onClose={props.onClose} /> : null;
  };
}
