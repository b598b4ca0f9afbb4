import { requireRole } from "~/infra/auth-guard.server";
import type { Route } from "./+types/appointments-export";

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  return new Response(null, { status: 204 });
}
