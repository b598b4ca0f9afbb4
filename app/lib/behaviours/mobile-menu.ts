/**
 * The header's menu button on narrow screens and the menu it opens (`aria-controls`). The markup
 * is the closed state; the button holds both icons (CSS shows one by `aria-expanded`) and a
 * `[data-menu-label]` naming what a press does. Escape inside the menu closes it; so does following
 * any link in the header, and going back or forward.
 */
export function attachMobileMenu(button: HTMLButtonElement): () => void {
  const menu = document.getElementById(button.getAttribute("aria-controls") ?? "");
  const header = button.closest("header");
  const label = button.querySelector("[data-menu-label]");
  if (!menu || !header) return () => {};
  const controller = new AbortController();
  const { signal } = controller;

  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    menu.hidden = !open;
    if (label) label.textContent = open ? "Close menu" : "Open menu";
  };

  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"), {
    signal,
  });
  menu.addEventListener("keydown", (event) => event.key === "Escape" && setOpen(false), { signal });
  header.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    },
    { signal },
  );
  window.addEventListener("popstate", () => setOpen(false), { signal });
  return () => controller.abort();
}
