import { describe, expect, it } from "vitest";
import { formConstraints } from "~/lib/form-constraints";
import { projectFieldsSchema, projectTypeSchema } from "./project-admin-schema";

describe("the project forms' attributes", () => {
  it("come from the schemas the server checks with", () => {
    const project = formConstraints(projectFieldsSchema);
    expect(project.name).toMatchObject({ name: "name", required: true, maxLength: 120 });
    expect(project.summary).toMatchObject({ name: "summary", required: true, maxLength: 1000 });
    const type = formConstraints(projectTypeSchema);
    expect(type.label).toMatchObject({ name: "label", required: true, maxLength: 60 });
    expect(type.type).toMatchObject({ name: "type", maxLength: 40 });
    expect(type.sortOrder).toEqual({ name: "sortOrder", type: "number" });
  });
});
