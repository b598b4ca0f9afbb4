import { expect, it } from "vitest";
import { safeRedirectPath } from "./auth-guard.server";

it("keeps a same-site path, with its query and fragment", () => {
  expect(safeRedirectPath("/my-appointments")).toBe("/my-appointments");
  expect(safeRedirectPath("/appointment/42?day=2#slots")).toBe("/appointment/42?day=2#slots");
});

it("sends anything that could leave the site home instead", () => {
  for (const value of [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r//evil.example",
    "\t//evil.example",
    "evil.example",
    "",
    undefined,
    42,
  ]) {
    expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
  }
  expect(safeRedirectPath("//evil.example", "/my-profile")).toBe("/my-profile");
});
