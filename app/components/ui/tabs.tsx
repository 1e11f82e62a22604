import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type TabItem = { label: ReactNode; panel: ReactNode; panelClassName?: string };

/**
 * Tabs after the WAI-ARIA pattern, as Headless UI's `TabGroup` behaved: one tab in the tab order
 * (the selected one), Left/Right move and select (wrapping), Home/PageUp and End/PageDown jump to the
 * ends, a click selects; only the selected panel is rendered, focusable, labelled by its tab.
 * `data-selected` on the selected tab for styling. Plain markup: a screen's first view carries
 * no Headless UI for it (decision 0042).
 *
 * Uncontrolled by default; with `selectedIndex` and `onChange` the caller owns the selection (/auth
 * switches tabs after a sign-up). `onIntent` hears of a tab about to be chosen (pointer over it,
 * focus, a key), early enough to fetch a panel's code before the click.
 */
export function Tabs({
  tabs,
  defaultIndex = 0,
  listClassName,
  tabClassName,
  panelsClassName,
  selectedIndex,
  onChange,
  onIntent,
}: {
  tabs: TabItem[];
  defaultIndex?: number;
  listClassName?: string;
  tabClassName?: string;
  panelsClassName?: string;
  selectedIndex?: number;
  onChange?: (index: number) => void;
  onIntent?: (index: number) => void;
}) {
  const id = useId();
  const [own, setOwn] = useState(() => Math.min(Math.max(0, defaultIndex), tabs.length - 1));
  const selected = selectedIndex ?? own;
  const setSelected = (index: number) => {
    setOwn(index);
    onChange?.(index);
  };
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const last = tabs.length - 1;

  function onKeyDown(event: KeyboardEvent) {
    const from = buttons.current.findIndex((button) => button === document.activeElement);
    const at = from === -1 ? selected : from;
    const next = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, PageUp: 0, End: last, PageDown: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onIntent?.(next);
    setSelected(next);
    buttons.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-orientation="horizontal" className={listClassName} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={i}
            ref={(button) => {
              buttons.current[i] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={i === selected ? `${id}-panel-${i}` : undefined}
            tabIndex={i === selected ? 0 : -1}
            data-selected={i === selected ? "" : undefined}
            onClick={() => setSelected(i)}
            onPointerEnter={onIntent && (() => onIntent(i))}
            onFocus={onIntent && (() => onIntent(i))}
            className={tabClassName}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className={panelsClassName}>
        <div role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`} tabIndex={0} className={tabs[selected].panelClassName}>
          {tabs[selected].panel}
        </div>
      </div>
    </div>
  );
}
