/**
 * The consultant directory's GET form (components/booking/directory-filters.tsx): a chosen option applies
 * at once, typed text waits for Search (or Enter), and empty values stay out of the address, so it
 * reads `/consultant?when=today` rather than `?q=&when=today&maxFee=&sort=`. The select for the
 * order stands outside the form's element (tied to it by `form`), so changes are heard on the
 * document.
 *
 * `go` opens the address: React Router's navigation on the app, a page load on a static page
 * (`loadKeepingScroll`), so the visitor stays where they were in the list.
 */
export function attachDirectoryFilters(form: HTMLFormElement, go: (href: string) => void): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const apply = () => go(directoryAddress(form));
  form.addEventListener(
    "submit",
    (event) => {
      event.preventDefault();
      apply();
    },
    { signal },
  );
  document.addEventListener(
    "change",
    (event) => {
      if (event.target instanceof HTMLSelectElement && event.target.form === form) apply();
    },
    { signal },
  );
  // A choice made before this script arrived (a slow phone) applies now. Not on a page reached with
  // Back or Forward: there the browser itself put back the choices the visitor left it with.
  if (!openedFromHistory() && choiceChangedSinceLoad(form)) apply();
  return () => controller.abort();
}

/** Whether one of the form's selects shows another option than the page came with. */
function choiceChangedSinceLoad(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (!(element instanceof HTMLSelectElement)) return false;
    const options = Array.from(element.options);
    // With no option marked selected in the page, a select starts on its first.
    const initial = Math.max(
      0,
      options.findIndex((option) => option.defaultSelected),
    );
    return element.selectedIndex !== initial;
  });
}

function openedFromHistory(): boolean {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === "back_forward";
}

/** The form's action with its non-empty values, trimmed, as the query. */
function directoryAddress(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  }
  const path = new URL(form.action, window.location.href).pathname;
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const KEPT_SCROLL_KEY = "directory-scroll";

/** Loads `href` as a new page, which then opens at the scroll position this page had. */
export function loadKeepingScroll(href: string): void {
  const target = new URL(href, window.location.href).href;
  try {
    window.sessionStorage.setItem(KEPT_SCROLL_KEY, JSON.stringify({ href: target, y: window.scrollY }));
  } catch {
    // Storage refused (private mode, quota): the page simply opens at the top.
  }
  window.location.assign(target);
}

/** On the page `loadKeepingScroll` opened, scrolls back to where the visitor was; once. */
export function restoreKeptScroll(): void {
  let kept: { href?: unknown; y?: unknown } | null = null;
  try {
    kept = JSON.parse(window.sessionStorage.getItem(KEPT_SCROLL_KEY) ?? "null");
    window.sessionStorage.removeItem(KEPT_SCROLL_KEY);
  } catch {
    return;
  }
  if (kept?.href === window.location.href && typeof kept.y === "number" && window.scrollY === 0) {
    window.scrollTo(0, kept.y);
  }
}

/**
 * On a static page, Back and Forward load the page again, and the browser puts back the choices
 * the visitor left it with, which need not be its address's (they changed the order, which loaded
 * the next page). The server rendered the address's choices as the fields' defaults: show those.
 * Only then: what a visitor types before the page's script arrives must stay.
 */
export function showAddressChoicesOnReturn(form: HTMLFormElement): () => void {
  if (openedFromHistory()) form.reset();
  const controller = new AbortController();
  // A page kept in the back-forward cache comes back exactly as it was left.
  window.addEventListener("pageshow", (event) => event.persisted && form.reset(), {
    signal: controller.signal,
  });
  return () => controller.abort();
}
