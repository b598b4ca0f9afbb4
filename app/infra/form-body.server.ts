import { data } from "react-router";

const formContentTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The form a page's action was sent, read the same way by every page: a body that is not a form
 * answers 415, one that cannot be read 400, and a field holding a NUL character (which PostgreSQL
 * cannot store) 400, each with a sentence and never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formContentTypes.has(contentType)) {
    throw data("This address takes a submitted form.", { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("The form could not be read. Please send it again.", { status: 400 });
  }
  for (const [, value] of form) {
    if (typeof value === "string" && value.includes("\0")) {
      throw data("A field holds a control character we cannot accept.", { status: 400 });
    }
  }
  return form;
}
