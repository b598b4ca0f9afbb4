import { data, href, Link } from "react-router";
import { findProject, projectView } from "~/features/projects/projects.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: loaderData.project.name,
        description: loaderData.project.summary,
        path: href("/projects/:projectId", { projectId: loaderData.project.id }),
        origin: originFrom(matches),
      })
    : [];

export async function loader({ params, context }: Route.LoaderArgs) {
  const project = await findProject(context.db, params.projectId);
  if (!project) throw data(null, { status: 404 });
  return { project: { ...projectView(project), typeLabel: project.typeLabel } };
}

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  const active = project.status === "active";
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <Link
        to={href("/project/:type?", { type: project.type })}
        className="font-medium text-brand-700 text-sm underline-offset-4 hover:underline"
      >
        ← {project.typeLabel} projects
      </Link>
      <h1 className="mt-3 font-bold text-3xl text-ink tracking-tight">{project.name}</h1>
      <img
        src={project.image}
        alt=""
        width={400}
        height={300}
        className="mt-6 aspect-[4/3] w-full rounded-2xl object-cover sm:aspect-[2/1]"
      />
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl bg-surface p-4">
          <dt className="text-muted text-sm">Status</dt>
          <dd className={`mt-1 font-semibold ${active ? "text-green-700" : "text-gray-700"}`}>
            {active ? "Active" : "Inactive"}
          </dd>
        </div>
        <div className="rounded-xl bg-surface p-4">
          <dt className="text-muted text-sm">Return on investment</dt>
          <dd className="mt-1 font-semibold text-ink">{project.roiPercent}%</dd>
        </div>
        <div className="rounded-xl bg-surface p-4">
          <dt className="text-muted text-sm">Type</dt>
          <dd className="mt-1 font-semibold text-ink">{project.typeLabel}</dd>
        </div>
      </dl>
      <p className="mt-6 text-lg text-muted">{project.summary}</p>
      <Link
        to="/contact"
        className="mt-8 inline-block rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink hover:bg-accent-300"
      >
        Ask us about this project
      </Link>
    </article>
  );
}
