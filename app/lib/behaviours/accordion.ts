/**
 * Questions and answers with at most one answer open: each `button[aria-controls]` in the element
 * shows its panel; choosing the open question again closes it. The markup is all closed.
 */
export function attachAccordion(element: HTMLElement): () => void {
  const controller = new AbortController();
  const buttons = [...element.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (panel) panel.hidden = !open;
  };
  for (const button of buttons) {
    button.addEventListener(
      "click",
      () => {
        const opening = button.getAttribute("aria-expanded") !== "true";
        for (const other of buttons) setOpen(other, false);
        if (opening) setOpen(button, true);
      },
      { signal: controller.signal },
    );
  }
  return () => controller.abort();
}
