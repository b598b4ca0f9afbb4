/**
 * A button that shows and hides a panel (the disclosure pattern), driven on the page itself so the
 * same code serves pages React hydrates (through useBehaviour) and pages it never does (static
 * pages, see components/site/static-page.ts). The markup is the closed state: a container holding a
 * `button[aria-controls][aria-expanded="false"]` and the panel it names, `hidden`.
 *
 * Escape closes the panel and returns focus to the button; choosing a link in it closes it;
 * `closeOnFocusLeaving` closes it when focus moves away; `closeOnOutsidePress` on a press elsewhere;
 * `openOnHover` opens it while a mouse is over it, and then a click keeps it open instead of
 * toggling it shut, since the pointer that clicked is the one that opened it.
 */
export interface DisclosureOptions {
  openOnHover?: boolean;
  closeOnOutsidePress?: boolean;
  closeOnFocusLeaving?: boolean;
}

/**
 * A dropdown (the header's menus) opens on hover and closes when the visitor moves on; an inline
 * list (inside the mobile menu) works like an accordion: it stays open until its button is used
 * again, so nothing moves under the finger that is about to tap the next button.
 */
export function disclosureOptionsFor(kind: "dropdown" | "inline"): DisclosureOptions {
  const dropdown = kind === "dropdown";
  return { openOnHover: dropdown, closeOnOutsidePress: dropdown, closeOnFocusLeaving: dropdown };
}

export function attachDisclosure(container: HTMLElement, options: DisclosureOptions = {}): () => void {
  const { openOnHover = false, closeOnOutsidePress = true, closeOnFocusLeaving = true } = options;
  const button = container.querySelector<HTMLButtonElement>("button[aria-controls]");
  const panel = button ? document.getElementById(button.getAttribute("aria-controls") ?? "") : null;
  if (!button || !panel) return () => {};
  const controller = new AbortController();
  const { signal } = controller;
  let openedByHover = false;

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
  };

  container.addEventListener(
    "pointerenter",
    (event) => {
      if (!openOnHover || event.pointerType !== "mouse" || isOpen()) return;
      openedByHover = true;
      setOpen(true);
    },
    { signal },
  );
  container.addEventListener(
    "pointerleave",
    (event) => {
      if (!openOnHover || event.pointerType !== "mouse") return;
      openedByHover = false;
      setOpen(false);
    },
    { signal },
  );
  container.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !isOpen()) return;
      setOpen(false);
      button.focus();
    },
    { signal },
  );
  container.addEventListener(
    "focusout",
    (event) => {
      if (closeOnFocusLeaving && !container.contains(event.relatedTarget as Node | null)) setOpen(false);
    },
    { signal },
  );
  button.addEventListener(
    "click",
    () => {
      if (openedByHover) {
        openedByHover = false;
        return;
      }
      setOpen(!isOpen());
    },
    { signal },
  );
  panel.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    },
    { signal },
  );
  document.addEventListener(
    "pointerdown",
    (event) => {
      if (closeOnOutsidePress && isOpen() && !container.contains(event.target as Node)) setOpen(false);
    },
    { signal },
  );
  return () => controller.abort();
}
