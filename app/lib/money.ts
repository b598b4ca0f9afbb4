/**
 * An amount of money as people read it, from integer cents and an ISO currency code:
 * `formatMoney(123450, "USD")` is "$1,234.50". The same on the server, in the browser and in e-mails.
 */
export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amountCents / 100);
}
