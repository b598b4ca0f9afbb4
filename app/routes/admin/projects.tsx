import { AdminShell } from "~/components/admin-shell";
import { requireRole } from "~/infra/auth-guard.server";
import type { Route } from "./+types/projects";

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  return null;
}

export default function Page() {
  return <AdminShell title="Projects">{null}</AdminShell>;
}
