import { useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";
import { attachDirectoryFilters } from "~/lib/behaviours/directory-filters";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";

/**
 * The look of form-controls' inputs, written out: importing it would add that whole module to the
 * listing's start-up JavaScript, which is held to a budget (scripts/page-weight-budget.ts).
 */
const bareInput =
  "h-11 rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";
const stackedInput = `${bareInput} mt-1.5 block w-full`;

export interface DirectoryChoice {
  value: string;
  label: string;
}

export interface DirectoryValues {
  q: string;
  when: string;
  maxFee: string;
  sort: string;
}

export interface DirectoryChoices {
  when: DirectoryChoice[];
  maxFee: DirectoryChoice[];
  sort: DirectoryChoice[];
}

/**
 * The directory's search, filters and order as one GET form: its values are the address's query
 * string, so it works before (and without) JavaScript, and a search can be shared and gone back
 * to. With JavaScript a changed choice applies at once, and empty values stay out of the address
 * (a behaviour, so the static page does the same). The order is chosen beside the result count
 * (`DirectorySort`), tied to this form by its id.
 */
export function DirectoryFilters({
  formId,
  action,
  values,
  choices,
  maxSearchLength,
}: {
  formId: string;
  /** The listing's path: "/consultant" or "/consultant/tax". */
  action: string;
  values: DirectoryValues;
  choices: DirectoryChoices;
  maxSearchLength: number;
}) {
  const navigate = useNavigate();
  const form = useBehaviour<HTMLFormElement>((element) =>
    attachDirectoryFilters(element, (href) => navigate(href, { preventScrollReset: true })),
  );
  const id = useId();
  const { q, when, maxFee, sort } = values;

  // Back and forward change the address, not the fields the visitor last touched: show the
  // address's values again (kept uncontrolled, so focus and typing are never disturbed). Not on
  // the first render: the page came with those values, and what a visitor typed before the
  // scripts arrived must stay.
  const hydrated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `form` is a ref (useBehaviour's), read when the effect runs
  useEffect(() => {
    if (!hydrated.current) {
      hydrated.current = true;
      return;
    }
    const elements = form.current?.elements;
    if (!elements) return;
    const set = (name: string, value: string) => {
      const field = elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    };
    set("q", q);
    set("when", when);
    set("maxFee", maxFee);
    set("sort", sort);
  }, [q, when, maxFee, sort]);

  return (
    <search aria-label="Find a consultant">
      <form
        ref={form}
        id={formId}
        method="get"
        action={action}
        data-directory-filters=""
        className="grid grid-cols-2 gap-3 rounded-2xl border border-gray-200 bg-surface p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-end"
      >
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="block font-medium text-ink text-sm">
            Consultant name
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={q}
              maxLength={maxSearchLength}
              autoComplete="off"
              placeholder="e.g. Priya"
              className={`${bareInput} min-w-0 flex-1`}
            />
            <button
              type="submit"
              className="shrink-0 rounded-lg bg-brand-700 px-4 font-semibold text-sm text-white hover:bg-brand-800"
            >
              Search
            </button>
          </div>
        </div>
        <ChoiceSelect id={`${id}-when`} name="when" label="Free time" value={when} choices={choices.when} />
        <ChoiceSelect
          id={`${id}-fee`}
          name="maxFee"
          label="Fee for 30 min"
          value={maxFee}
          choices={choices.maxFee}
        />
      </form>
    </search>
  );
}

/** The order of the results: a select of the directory's form, shown beside the result count. */
export function DirectorySort({
  formId,
  value,
  choices,
}: {
  formId: string;
  value: string;
  choices: DirectoryChoice[];
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 font-medium text-ink text-sm">
        Sort by
      </label>
      <select id={id} name="sort" form={formId} defaultValue={value} className={bareInput}>
        <ChoiceOptions choices={choices} />
      </select>
    </div>
  );
}

function ChoiceSelect({
  id,
  name,
  label,
  value,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  choices: DirectoryChoice[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink text-sm">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={stackedInput}>
        <ChoiceOptions choices={choices} />
      </select>
    </div>
  );
}

function ChoiceOptions({ choices }: { choices: DirectoryChoice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}
