import { data, Form, href, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import {
  FieldError,
  FormAlert,
  PrimaryButton,
  TextAreaField,
  TextField,
} from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { BackLink } from "~/components/staff/back-link";
import { Badge } from "~/components/staff/badge";
import { DangerConfirmation, DangerLink } from "~/components/staff/danger-actions";
import { Panel, panelClass } from "~/components/staff/panel";
import { PICTURE_MAX_LABEL } from "~/features/pictures/picture-limits";
import { pictureUploadFrom } from "~/features/pictures/pictures.server";
import { projectFieldsSchema } from "~/features/projects/project-admin-schema";
import {
  createProject,
  findAdminProject,
  listAdminProjectTypes,
  PROJECT_NOT_FOUND,
  setProjectArchived,
  updateProject,
} from "~/features/projects/projects-admin.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/project-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.project?.name ?? "New project"} · Staff area` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const types = await listAdminProjectTypes(context.db);
  let project: Awaited<ReturnType<typeof findAdminProject>>;
  if (params.projectId !== undefined) {
    project = await findAdminProject(context.db, params.projectId);
    if (!project) throw data({ message: PROJECT_NOT_FOUND }, { status: 404 });
  }
  return {
    project: project
      ? {
          id: project.id,
          name: project.name,
          summary: project.summary,
          status: project.status,
          type: project.type,
          roiPercent: String(project.roiBasisPoints / 100),
          image: project.image,
          version: project.version,
          archived: project.archivedAt !== null,
        }
      : undefined,
    // Archived types stay choosable only for a project already filed under one.
    types: types
      .filter((type) => !type.archivedAt || type.type === project?.type)
      .map((type) => ({
        value: type.type,
        label: type.archivedAt ? `${type.label} (archived)` : type.label,
      })),
    confirmingArchive: new URL(request.url).searchParams.get("confirm") === "archive",
    fields: formConstraints(projectFieldsSchema),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const form = await readForm(request);
  const values = textValues(form);
  const now = context.clock();
  const projectId = params.projectId;
  try {
    if (projectId === undefined) {
      if (values.intent !== "save") throw new FeatureError("invalid", "This action is not available.");
      const picture = await pictureUploadFrom(form.get("image"), staff.id, context.env);
      const created = await createProject(context.db, staff, values, picture, now);
      return redirectWithToast(
        href("/admin/projects/:projectId", { projectId: created.projectId }),
        { kind: "success", message: "Project created." },
        context,
      );
    }
    const here = href("/admin/projects/:projectId", { projectId: projectId });
    if (values.intent === "save") {
      const picture = await pictureUploadFrom(form.get("image"), staff.id, context.env);
      await updateProject(context.db, staff, projectId, values, picture, now);
      return redirectWithToast(here, { kind: "success", message: "Project saved." }, context);
    }
    if (values.intent === "archive" || values.intent === "restore") {
      const archived = values.intent === "archive";
      const { name } = await setProjectArchived(context.db, staff, projectId, archived, values.version, now);
      const message = archived
        ? `"${name}" is archived and hidden from visitors.`
        : `"${name}" is shown again.`;
      return redirectWithToast(here, { kind: "success", message }, context);
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const statusChoices = [
  { value: "active", label: "Active (open to investment)" },
  { value: "inactive", label: "Inactive" },
];

export default function ProjectEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { project, types, confirmingArchive, fields } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failure = actionData;
  const saving = !failure || failure.values.intent === "save";
  const typed = (name: string, stored: string | undefined) =>
    saving && failure ? failure.values[name] : stored;
  const errors = saving ? (failure?.fieldErrors ?? {}) : {};
  return (
    <AdminShell
      title={project ? project.name : "New project"}
      description={project ? "Edit what visitors see of this project." : "Add a project visitors can browse."}
      actions={<BackLink to="/admin/projects">All projects</BackLink>}
    >
      <div className="space-y-6">
        <FormAlert message={failure?.error} />
        {project?.archived ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="amber">Archived</Badge> Visitors do not see this project.
          </p>
        ) : null}
        <Form
          method="post"
          encType="multipart/form-data"
          className={`${panelClass} grid gap-5 sm:grid-cols-2`}
        >
          <input type="hidden" name="intent" value="save" />
          {project ? <input type="hidden" name="version" value={project.version} /> : null}
          <TextField
            label="Name"
            {...fields.name}
            defaultValue={typed("name", project?.name)}
            error={errors.name}
            className="sm:col-span-2"
          />
          <TextAreaField
            label="Summary"
            {...fields.summary}
            rows={4}
            defaultValue={typed("summary", project?.summary)}
            error={errors.summary}
            className="sm:col-span-2"
          />
          <ChoiceField
            label="Type"
            {...fields.type}
            empty={project ? undefined : "Choose a type"}
            choices={types}
            defaultValue={typed("type", project?.type)}
            error={errors.type}
          />
          <ChoiceField
            label="Status"
            name="status"
            required
            choices={statusChoices}
            defaultValue={typed("status", project?.status ?? "active")}
            error={errors.status}
          />
          <TextField
            label="Return on investment (%)"
            {...fields.roiPercent}
            inputMode="decimal"
            // The schema's pattern refuses an empty value, which `required` says to the browser.
            required
            hint="A percentage with at most two decimals, e.g. 8.5."
            defaultValue={typed("roiPercent", project?.roiPercent)}
            error={errors.roiPercent}
          />
          <div>
            <label htmlFor="project-image" className="block font-medium text-ink text-sm">
              Picture{project ? " (leave empty to keep the current one)" : ""}
            </label>
            <p id="project-image-hint" className="mt-1 text-muted text-sm">
              JPEG, PNG or WebP up to {PICTURE_MAX_LABEL}; shown at 4:3.
            </p>
            <input
              id="project-image"
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp"
              required={!project}
              aria-describedby="project-image-hint"
              aria-invalid={errors.image ? true : undefined}
              className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
            />
            <FieldError message={errors.image} />
          </div>
          {project ? (
            <img
              src={project.image}
              alt={`What visitors see now for ${project.name}`}
              width={240}
              height={180}
              className="aspect-[4/3] w-60 rounded-xl bg-brand-50 object-cover"
            />
          ) : null}
          <div className="sm:col-span-2">
            <PrimaryButton disabled={busy}>{project ? "Save project" : "Create project"}</PrimaryButton>
          </div>
        </Form>

        {project ? (
          <Panel id="archive-heading" title={project.archived ? "Show again" : "Archive"}>
            {project.archived ? (
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
                <input type="hidden" name="version" value={project.version} />
                <p className="text-sm">Restoring shows the project to visitors again.</p>
                <button
                  type="submit"
                  name="intent"
                  value="restore"
                  disabled={busy}
                  className="rounded-full border border-gray-300 px-5 py-2 font-semibold text-ink text-sm hover:border-brand-700"
                >
                  Restore the project
                </button>
              </Form>
            ) : confirmingArchive ? (
              <DangerConfirmation
                intent="archive"
                version={project.version}
                question={`Archive "${project.name}"? Visitors will no longer see it in the project lists, its page or the API. You can restore it later.`}
                confirm="Yes, archive it"
                keep="Keep it visible"
                busy={busy}
                className="mt-3"
              />
            ) : (
              <div className="mt-3 flex flex-wrap items-center gap-4">
                <p className="text-sm">Archiving hides the project from visitors; its history stays.</p>
                <DangerLink compact to="?confirm=archive">
                  Archive the project…
                </DangerLink>
              </div>
            )}
          </Panel>
        ) : null}
      </div>
    </AdminShell>
  );
}
