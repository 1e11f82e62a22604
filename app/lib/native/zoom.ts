/**
 * In the native wrap only (the web keeps the browser's zoom, an accessibility feature): a second
 * tap within 300 ms and multi-touch pinches do not zoom the page.
 */
export const DOUBLE_TAP_MS = 300;

export function zoomGuard() {
  let lastTouchEnd = -Infinity;
  return {
    /** True when this touchend is the second tap of a double tap (to be prevented). */
    touchEnd(timeStamp: number) {
      const doubleTap = timeStamp - lastTouchEnd <= DOUBLE_TAP_MS;
      lastTouchEnd = timeStamp;
      return doubleTap;
    },
    /** True for a touch with more than one finger (a pinch). */
    touchStart(touches: number) {
      return touches > 1;
    },
  };
}

export function blockNativeZoom(target: Document) {
  const guard = zoomGuard();
  target.addEventListener("touchend", (event) => guard.touchEnd(event.timeStamp) && event.preventDefault(), { passive: false });
  target.addEventListener("touchstart", (event) => guard.touchStart(event.touches.length) && event.preventDefault(), { passive: false });
  // iOS WebKit's own pinch gesture events.
  target.addEventListener("gesturestart", (event) => event.preventDefault());
}
