import { Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { FilterActions } from "~/components/staff/filter-actions";
import { FilterChoice, FilterText } from "~/components/staff/filter-fields";
import type { Failure } from "~/components/staff/refused-form";
import { adminProjectFilterSchema, projectTypeSchema } from "~/features/projects/project-admin-schema";
import {
  createProjectType,
  listAdminProjects,
  listAdminProjectTypes,
  setProjectTypeArchived,
  updateProjectType,
} from "~/features/projects/projects-admin.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { FeatureError } from "~/lib/errors";
import { type FieldConstraints, formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [{ title: "Projects · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const filter = adminProjectFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { projects, hasMore } = await listAdminProjects(context.db, filter);
  return {
    projects: projects.map((project) => ({
      id: project.id,
      name: project.name,
      image: project.image,
      typeLabel: project.typeLabel,
      active: project.status === "active",
      roiPercent: project.roiBasisPoints / 100,
      archived: project.archivedAt !== null,
    })),
    hasMore,
    page: filter.page,
    types: (await listAdminProjectTypes(context.db)).map((type) => ({
      ...type,
      archived: type.archivedAt !== null,
    })),
    typeFields: formConstraints(projectTypeSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  const now = context.clock();
  const back = (message: string) =>
    redirectWithToast("/admin/projects#types", { kind: "success", message }, context);
  try {
    const fields = { type: values.type, label: values.label, sortOrder: values.sortOrder };
    switch (values.intent) {
      case "create-type":
        await createProjectType(context.db, staff, fields, now);
        return back(`Project type "${values.label?.trim()}" added.`);
      case "update-type":
        await updateProjectType(
          context.db,
          staff,
          fields,
          { label: values.shownLabel, sortOrder: values.shownSortOrder },
          now,
        );
        return back("Project type saved.");
      case "archive-type":
      case "restore-type": {
        const archived = values.intent === "archive-type";
        const { label } = await setProjectTypeArchived(context.db, staff, values.type, archived, now);
        return back(
          archived ? `"${label}" is no longer offered to visitors.` : `"${label}" is offered again.`,
        );
      }
      default:
        throw new FeatureError("invalid", "This action is not available.");
    }
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const showChoices = [
  { value: "current", label: "Current projects" },
  { value: "archived", label: "Archived projects" },
  { value: "all", label: "All projects" },
];

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, hasMore, page, types, typeFields } = loaderData;
  const [search] = useSearchParams();
  return (
    <AdminShell
      title="Projects"
      description="The investment projects visitors browse, and their types."
      actions={
        <Link
          to="/admin/projects/new"
          className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-800"
        >
          New project
        </Link>
      }
    >
      <Form
        method="get"
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-3"
      >
        <FilterText label="Name contains" name="q" type="search" />
        <FilterChoice label="Show" name="show" choices={showChoices} fallback="current" />
        <FilterActions clearTo="/admin/projects" className="self-end" />
      </Form>

      {projects.length === 0 ? (
        <EmptyList>No projects match these filters.</EmptyList>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {projects.map((project) => (
            <li key={project.id} className="flex gap-3 rounded-2xl border border-gray-200 bg-white p-3">
              <img
                src={project.image}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="h-18 w-24 shrink-0 rounded-lg bg-brand-50 object-cover"
              />
              <div className="min-w-0 text-sm">
                <Link
                  to={href("/admin/projects/:projectId", { projectId: project.id })}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {project.name}
                </Link>
                <p className="text-muted">
                  {project.typeLabel} · ROI {project.roiPercent}%
                </p>
                <p className="mt-1 flex flex-wrap gap-1.5">
                  {project.active ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
                  {project.archived ? <Badge tone="amber">Archived</Badge> : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={page} hasMore={hasMore} search={search} label="Project pages" />

      <ProjectTypes types={types} fields={typeFields} failure={actionData} />
    </AdminShell>
  );
}

type TypeRow = Route.ComponentProps["loaderData"]["types"][number];

function ProjectTypes({
  types,
  fields,
  failure,
}: {
  types: TypeRow[];
  fields: Record<"type" | "label" | "sortOrder", FieldConstraints>;
  failure?: Failure;
}) {
  const busy = useNavigation().state !== "idle";
  const creating = failure?.values.intent === "create-type";
  const smallButton =
    "rounded-full border border-gray-300 px-4 py-2 font-medium text-ink text-sm hover:border-brand-700 disabled:opacity-60";
  return (
    <section id="types" aria-labelledby="types-heading" className="mt-10 scroll-mt-6">
      <h2 id="types-heading" className="font-semibold text-ink text-xl">
        Project types
      </h2>
      <p className="mt-1 text-muted text-sm">
        Archived types are not offered to visitors or for new projects; projects filed under them keep them.
      </p>
      <div className="mt-4">
        <FormAlert message={creating ? undefined : failure?.error} />
      </div>
      <ul className="mt-4 space-y-3">
        {types.map((type) => (
          <li key={type.type} className="rounded-2xl border border-gray-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-brand-900 text-sm">
                {type.type}
              </code>
              <span className="text-muted text-sm">
                {type.projectCount === 1 ? "1 project" : `${type.projectCount} projects`}
              </span>
              {type.archived ? <Badge tone="amber">Archived</Badge> : null}
            </div>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="update-type" />
                <input type="hidden" name="type" value={type.type} />
                <input type="hidden" name="shownLabel" value={type.label} />
                <input type="hidden" name="shownSortOrder" value={type.sortOrder} />
                <TextField
                  label={`Name of ${type.type}`}
                  {...fields.label}
                  defaultValue={type.label}
                  className="w-56"
                />
                <TextField
                  label="Position"
                  {...fields.sortOrder}
                  min={0}
                  max={1000}
                  defaultValue={type.sortOrder}
                  className="w-24"
                />
                <button type="submit" disabled={busy} className={smallButton}>
                  Save
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="type" value={type.type} />
                <button
                  type="submit"
                  name="intent"
                  value={type.archived ? "restore-type" : "archive-type"}
                  disabled={busy}
                  className={smallButton}
                >
                  {type.archived ? "Offer again" : "Archive"}
                  <span className="sr-only"> {type.label}</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>

      <Form
        method="post"
        className="mt-6 grid gap-4 rounded-2xl border border-gray-200 bg-white p-4 sm:grid-cols-4"
      >
        <h3 className="font-semibold text-ink sm:col-span-4">Add a project type</h3>
        <input type="hidden" name="intent" value="create-type" />
        <div className="sm:col-span-4">
          <FormAlert message={creating ? failure?.error : undefined} />
        </div>
        <TextField
          label="Name"
          {...fields.label}
          defaultValue={creating ? failure?.values.label : undefined}
          error={creating ? failure?.fieldErrors.label : undefined}
        />
        <TextField
          label="Code"
          {...fields.type}
          // The schema's pattern refuses an empty code; it runs after lower-casing, so the
          // browser must not check it: "Real-Estate" is accepted as real-estate.
          required
          pattern={undefined}
          hint="Used in addresses, e.g. real-estate."
          defaultValue={creating ? failure?.values.type : undefined}
          error={creating ? failure?.fieldErrors.type : undefined}
        />
        <TextField
          label="Position"
          {...fields.sortOrder}
          min={0}
          max={1000}
          defaultValue={creating ? failure?.values.sortOrder : "10"}
          error={creating ? failure?.fieldErrors.sortOrder : undefined}
        />
        <div className="flex items-end">
          <PrimaryButton disabled={busy} className="px-5 py-2">
            Add type
          </PrimaryButton>
        </div>
      </Form>
    </section>
  );
}
