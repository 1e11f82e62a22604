import { useEffect, useState } from "react";

/**
 * Whether the browser says it is online, following its `online` and `offline` events. True on the
 * server and in the first render (the page hydrates as it was rendered), then the browser's word.
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}
