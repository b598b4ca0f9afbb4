import type { ComponentProps } from "react";
import { useSearchParams } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { TextField, type TextFieldProps } from "~/components/forms/form-controls";

// A staff list's filters are a GET form over the list's own address, so each field starts at the
// value the address holds for it: the form shows the filters the list is under.

/** A filter's text, search or date input. */
export function FilterText(props: Omit<TextFieldProps, "defaultValue">) {
  const [search] = useSearchParams();
  return <TextField {...props} defaultValue={search.get(props.name) ?? ""} />;
}

/** A filter's choice; `fallback` is the one shown while the address names none. */
export function FilterChoice({
  fallback,
  ...props
}: Omit<ComponentProps<typeof ChoiceField>, "defaultValue"> & { fallback?: string }) {
  const [search] = useSearchParams();
  return <ChoiceField {...props} defaultValue={search.get(props.name) ?? fallback} />;
}
