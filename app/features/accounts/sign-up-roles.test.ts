import { expect, it } from "vitest";
import { signUpRoles } from "~/content/sign-up-roles";
import { publicRoles } from "./schemas";

it("the sign-up form offers exactly the roles the server accepts, each explained", () => {
  expect(signUpRoles.map((role) => role.value)).toEqual([...publicRoles]);
  for (const role of signUpRoles) expect(role.description.length).toBeGreaterThan(20);
});
