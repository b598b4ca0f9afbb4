import { Hono } from "hono";
import { invitePerson, liftLoginLock, listPeople, updatePerson } from "~/features/accounts/people.server";
import { peopleFilterSchema } from "~/features/accounts/people-schema";
import { parseInput } from "~/lib/errors";
import { type ApiEnv, requireApiRole } from "../api-env";
import { staffUser } from "../legacy-shapes";
import { readJsonObject } from "../request-body";

/**
 * GET /api/admin/users (query `q`, `role`, `state`, `page`), PATCH /api/admin/users/{id}
 * (`role`, `disabled`, `consultantId`), POST /api/admin/users/invite (`email`, `name`, `role`,
 * `consultantId`), and POST /api/admin/users/{id}/unlock (lifts a failed-login lock).
 */
export function adminPeopleApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const filter = parseInput(peopleFilterSchema, context.req.query());
    const { people, hasMore } = await listPeople(context.get("db"), filter, {
      failedLoginsPerAccount: context.get("env").RATE_LIMIT_FAILED_LOGINS,
      now: context.get("clock")(),
    });
    return context.json({
      success: true,
      users: people.map(staffUser),
      hasMore,
    });
  });

  api.post("/invite", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    const { message } = await invitePerson(context.get("db"), staff, body, {
      publicUrl: context.get("env").publicUrl,
      now: context.get("clock")(),
    });
    return context.json({ success: true, message }, 201);
  });

  api.patch("/:userId", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    const { message } = await updatePerson(
      context.get("db"),
      staff,
      context.req.param("userId"),
      { role: body.role, disabled: body.disabled, consultantId: body.consultantId },
      context.get("clock")(),
    );
    return context.json({ success: true, message });
  });

  api.post("/:userId/unlock", async (context) => {
    const staff = requireApiRole(context, "admin");
    const { message } = await liftLoginLock(
      context.get("db"),
      staff,
      context.req.param("userId"),
      context.get("clock")(),
    );
    return context.json({ success: true, message });
  });

  return api;
}
