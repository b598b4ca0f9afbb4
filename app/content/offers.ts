/** The agency's standing offer to new clients, shown with the plans and on every service page. */
export const firstCycleOffer = "$100 off the first billing cycle";
