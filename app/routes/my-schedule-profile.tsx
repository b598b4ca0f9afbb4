import { requireConsultant } from "~/infra/auth-guard.server";
import type { Route } from "./+types/my-schedule-profile";

export function loader({ request, context }: Route.LoaderArgs) {
  requireConsultant(request, context);
  return null;
}

export default function Page() {
  return <h1>My profile</h1>;
}
