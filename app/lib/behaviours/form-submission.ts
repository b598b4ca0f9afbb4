/**
 * A form on a static page, which the browser itself posts (no React Router to show progress):
 * - after a failed post the server renders the form with its fields marked; the first marked
 *   field gets focus, as the React form does on the other pages;
 * - once posted, the submit button shows `pendingLabel` and is disabled until the next page
 *   arrives, so a second press cannot send the form twice. A page restored from the back-forward
 *   cache gets its button back.
 */
export function attachFormSubmission(form: HTMLFormElement, pendingLabel: string): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();

  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idleLabel = button?.textContent ?? "";
  form.addEventListener(
    "submit",
    (event) => {
      if (!button) return;
      // After the event: the browser has taken the form's data by then, and a handler after this
      // one may still have cancelled the post.
      setTimeout(() => {
        if (event.defaultPrevented) return;
        button.disabled = true;
        button.textContent = pendingLabel;
      });
    },
    { signal },
  );
  window.addEventListener(
    "pageshow",
    (event) => {
      if (!button || !event.persisted) return;
      button.disabled = false;
      button.textContent = idleLabel;
    },
    { signal },
  );
  return () => controller.abort();
}
