import { Hono } from "hono";
import { listProjects, listProjectTypes } from "~/features/projects/projects.server";
import type { ApiEnv } from "./api-env";
import { legacyProject } from "./legacy-shapes";

/** The project listing of the old clients (DESIGN.md §4). */
export function projectApi() {
  const api = new Hono<ApiEnv>();
  api.get("/types", async (context) =>
    context.json({ success: true, types: await listProjectTypes(context.get("db")) }),
  );
  api.get("/", async (context) =>
    context.json({
      success: true,
      projects: (await listProjects(context.get("db"))).map((project) =>
        legacyProject(project, context.get("env").publicUrl),
      ),
    }),
  );
  api.get("/type/:type", async (context) =>
    context.json({
      success: true,
      projects: (await listProjects(context.get("db"), context.req.param("type"))).map((project) =>
        legacyProject(project, context.get("env").publicUrl),
      ),
    }),
  );
  return api;
}
