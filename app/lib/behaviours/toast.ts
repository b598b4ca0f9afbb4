const TOAST_DURATION_MS = 4000;

export interface ToastMessage {
  kind: "success" | "error" | "info";
  message: string;
}

const TOAST_EVENT = "app:toast";

/** Shows a toast from anywhere in the browser (e.g. after a form submitted with fetch). */
export function showToast(toast: ToastMessage): void {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: toast }));
}

/**
 * The toaster: a live region holding at most one toast (`[data-toast]`), which leaves after four
 * seconds or when its Dismiss button is pressed. A toast the server rendered into the region is
 * timed from now; each `showToast` replaces the current toast with a copy of the region's hidden
 * prototype (`[data-toast-prototype]`), marked with its kind (`data-kind`, which picks the icon) and
 * holding its message (`[data-toast-message]`).
 */
export function attachToaster(region: HTMLElement): () => void {
  const prototype = region.querySelector<HTMLElement>("[data-toast-prototype] [data-toast]");
  const controller = new AbortController();
  let timer: number | undefined;

  const arm = (toast: HTMLElement) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => toast.remove(), TOAST_DURATION_MS);
    toast
      .querySelector("button")
      ?.addEventListener("click", () => toast.remove(), { signal: controller.signal });
  };
  const current = () => region.querySelector<HTMLElement>(":scope > [data-toast]");

  const shown = current();
  if (shown) arm(shown);
  window.addEventListener(
    TOAST_EVENT,
    (event) => {
      const { kind, message } = (event as CustomEvent<ToastMessage>).detail;
      if (!prototype) return;
      current()?.remove();
      const toast = prototype.cloneNode(true) as HTMLElement;
      toast.dataset.kind = kind;
      const text = toast.querySelector("[data-toast-message]");
      if (text) text.textContent = message;
      region.append(toast);
      arm(toast);
    },
    { signal: controller.signal },
  );
  return () => {
    controller.abort();
    window.clearTimeout(timer);
  };
}
