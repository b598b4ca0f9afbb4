import { formatMoney } from "~/lib/money";
import type { Consultant } from "../../../db/schema";

/**
 * What a consultant's card in a grid shows (components/consultant-card.tsx): enough to choose from
 * without opening each one, the fee formatted ("$50.00").
 */
export function consultantCardData(consultant: Consultant) {
  const { id, name, image, speciality, degree, experience, feeCents, currency, available } = consultant;
  return { id, name, image, speciality, degree, experience, fee: formatMoney(feeCents, currency), available };
}
