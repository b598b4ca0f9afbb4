import { href, Link } from "react-router";
import { FilterSidebar } from "~/components/booking/filter-sidebar";
import { StatusDot } from "~/components/booking/status-dot";
import {
  listProjects,
  listProjectTypes,
  type ProjectView,
  projectView,
} from "~/features/projects/projects.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Projects",
    description:
      "Browse the projects our clients invest in, by type, with their status and return on investment.",
    path: params.type ? href("/project/:type?", { type: params.type }) : "/project",
    origin: originFrom(matches),
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const [types, projects] = await Promise.all([
      listProjectTypes(context.db),
      listProjects(context.db, params.type),
    ]);
    return { types, projects: projects.map(projectView), selectedType: params.type ?? null, pageToast: null };
  } catch (error) {
    // Seed §8: a failed project fetch shows a toast and an empty list, not an error page.
    context.logger.error({ msg: "project listing failed", requestId: context.requestId, err: error });
    return {
      types: [],
      projects: [] as ProjectView[],
      selectedType: params.type ?? null,
      pageToast: { kind: "error" as const, message: "An error occurred. Please try again." },
    };
  }
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { types, projects, selectedType } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="font-bold text-3xl text-ink tracking-tight">Projects</h1>
      <p className="mt-2 text-muted">Explore the projects open to our investors and borrowers.</p>
      <FilterSidebar
        label="Project types"
        entries={[
          { label: "All Projects", to: "/project", active: selectedType === null },
          ...types.map((entry) => ({
            label: entry.label,
            to: href("/project/:type?", { type: entry.type }),
            active: selectedType === entry.type,
          })),
        ]}
      >
        {projects.length === 0 ? (
          <p className="rounded-2xl border border-gray-200 bg-surface p-8 text-center text-muted">
            No projects found
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project, index) => (
              <li key={project.id}>
                <ProjectCard project={project} eager={index < 3} />
              </li>
            ))}
          </ul>
        )}
      </FilterSidebar>
    </section>
  );
}

function ProjectCard({ project, eager }: { project: ProjectView; eager: boolean }) {
  const active = project.status === "active";
  return (
    <Link
      to={href("/projects/:projectId", { projectId: project.id })}
      className="group block overflow-hidden rounded-2xl border border-gray-200 bg-white transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <img
        src={project.image}
        alt=""
        width={400}
        height={300}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-col p-4">
        <h2 className="font-semibold text-ink text-lg group-hover:text-brand-800">{project.name}</h2>
        <p className="mt-1 text-muted text-sm">
          ROI: <span className="font-semibold text-ink">{project.roiPercent}%</span>
        </p>
        <div className="order-first">
          <StatusDot on={active} label={active ? "Active" : "Inactive"} />
        </div>
      </div>
    </Link>
  );
}
