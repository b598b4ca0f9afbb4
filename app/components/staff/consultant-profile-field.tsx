import { ChoiceField } from "~/components/forms/choice-field";

/**
 * The consultant profile an account speaks for (`consultantId`), as staff choose it when they invite
 * someone or change an account's role: the same field, with the same words, in both forms.
 */
export function ConsultantProfileField({
  consultants,
  defaultValue,
  error,
}: {
  /** The profiles it may speak for. */
  consultants: readonly { id: string; name: string }[];
  defaultValue?: string | null;
  error?: string;
}) {
  return (
    <ChoiceField
      label="Consultant profile"
      name="consultantId"
      hint="Only for the consultant role: the profile this account speaks for."
      empty="None"
      choices={consultants.map((consultant) => ({ value: consultant.id, label: consultant.name }))}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
