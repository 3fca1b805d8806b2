/*
 * Where a popover in the top layer goes: under the button that opened it, its right edge on the
 * button's (over the button when there is no room below), inside the viewport. The top layer
 * escapes the catalogue sections' content-visibility, which clips anything drawn past a section
 * (src/components/CategorySection.astro): the collection picker and the prompt panels' menus
 * open there.
 */

const GAP = 6;
const MARGIN = 12;

/** Places `popover` (shown, position: fixed) against `trigger`. */
export function placePopover(popover: HTMLElement, trigger: HTMLElement): void {
  const button = trigger.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = popover;
  const left = Math.min(Math.max(MARGIN, button.right - width), innerWidth - width - MARGIN);
  let top = button.bottom + GAP;
  if (top + height > innerHeight - MARGIN && button.top - GAP - height >= MARGIN)
    top = button.top - GAP - height;
  popover.style.inset = 'auto';
  popover.style.left = `${Math.max(MARGIN, left)}px`;
  popover.style.top = `${Math.max(MARGIN, top)}px`;
}

/**
 * Places `popover` against `trigger` now, and again as the page scrolls or the window changes
 * size, until it is hidden (its `toggle` event) or `until` is aborted.
 */
export function keepPlaced(popover: HTMLElement, trigger: HTMLElement, until?: AbortSignal): void {
  const placing = new AbortController();
  const signal = until ? AbortSignal.any([until, placing.signal]) : placing.signal;
  const place = () => placePopover(popover, trigger);
  place();
  for (const type of ['scroll', 'resize'] as const) {
    addEventListener(type, place, { signal, passive: true, capture: true });
  }
  popover.addEventListener(
    'toggle',
    (event) => {
      if (event.newState === 'closed') placing.abort();
    },
    { signal },
  );
}
