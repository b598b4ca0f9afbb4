/** A form the action refused, as the page gets it back: the sentence, each field's mistake, the values sent. */
export interface Failure {
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** What a field shows again after its form was refused: the value sent, and the field's mistake. */
export function sentBack(
  failure: Failure | undefined,
  name: string,
): { defaultValue?: string; error?: string } {
  return { defaultValue: failure?.values[name], error: failure?.fieldErrors[name] };
}
