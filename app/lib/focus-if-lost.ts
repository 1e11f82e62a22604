/**
 * After the current task (Headless UI's own hand-back of the focus, a screen's focus after a save),
 * gives the focus to `target()` if it is nowhere (on <body>): a button that opened a dialog or a
 * form and went away with it leaves a keyboard user at the top of the page otherwise.
 */
export function focusIfLost(target: () => HTMLElement | null | undefined) {
  window.setTimeout(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    target()?.focus();
  }, 0);
}
