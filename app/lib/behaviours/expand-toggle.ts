/**
 * A button that shows and hides the part it controls through CSS alone: the button's
 * `aria-expanded` is the state, and the styles of both read it (e.g. `peer-aria-expanded:block`).
 * For a part hidden only on some screens, which the `hidden` attribute of the disclosure behaviour
 * (./disclosure.ts) would hide on all of them.
 */
export function attachExpandToggle(button: HTMLButtonElement): () => void {
  const controller = new AbortController();
  button.addEventListener(
    "click",
    () => button.setAttribute("aria-expanded", String(button.getAttribute("aria-expanded") !== "true")),
    { signal: controller.signal },
  );
  return () => controller.abort();
}
