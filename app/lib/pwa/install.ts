import { useEffect, useState } from "react";

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install prompt (beforeinstallprompt) for our own "Instalar" button, instead
 * of the browser's mini-infobar; cleared once installed. Called once after hydration (root.tsx).
 */
export function captureInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    notify();
  });
}

export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event) return "unavailable";
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

export function useCanInstall() {
  const [can, setCan] = useState(false);
  useEffect(() => {
    const update = () => setCan(deferred !== null);
    update();
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return can;
}
