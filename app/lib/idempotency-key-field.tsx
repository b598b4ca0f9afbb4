/** The hidden field that carries a form's idempotency key (app/infra/form-idempotency.server.ts). */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

/**
 * A form's idempotency key. `pageKey` is made by the page's loader, fresh for each render (so the
 * server render and hydration agree, and no two renders share one); a form sent again as it is (a
 * double click, a browser resending it, a retry after a lost answer) carries the same key, and
 * the server does it once. `scope` tells the forms of one page apart, so that one form's key never
 * stands for another's. Without `pageKey` (nobody signed in) the form carries no key.
 */
export function IdempotencyKeyField({ pageKey, scope }: { pageKey: string | null; scope?: string }) {
  if (pageKey === null) return null;
  return <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={scope ? `${pageKey}.${scope}` : pageKey} />;
}
