import { Hono } from "hono";
import { inquiryContextFrom, submitInquiry } from "~/features/contact/contact.server";
import { inquiryMessages } from "~/features/contact/inquiry-fields";
import { FeatureError } from "~/lib/errors";
import { type ApiEnv, leavesCatalogueAlone } from "./api-env";
import { readJsonObject } from "./request-body";

/** POST /api/contact: the inquiry form of the old app's clients (DESIGN.md §4). */
export function contactApi() {
  const api = new Hono<ApiEnv>();

  api.post("/", leavesCatalogueAlone, async (context) => {
    try {
      const body = await readJsonObject(context);
      await submitInquiry(context.get("db"), body, inquiryContextFrom(context.var));
    } catch (error) {
      // A form's problems come back field by field too, so a client can show each beside its field.
      if (error instanceof FeatureError && Object.keys(error.fieldErrors).length > 0) {
        return context.json({ success: false, message: error.message, errors: error.fieldErrors }, 400);
      }
      throw error;
    }
    return context.json({ success: true, message: inquiryMessages.sent }, 201);
  });

  return api;
}
