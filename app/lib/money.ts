/**
 * An amount of money as people read it, from integer cents and an ISO currency code:
 * `formatMoney(123450, "USD")` is "$1,234.50". The same on the server, in the browser and in e-mails.
 */
export function formatMoney(amountCents: number, currency: string): string {
  return moneyFormat(currency).format(amountCents / 100);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Built once per currency (building a formatter costs far more than using it); unknown codes throw first. */
function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return format;
}
