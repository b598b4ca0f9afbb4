import { Form, href, Link, useNavigation } from "react-router";
import { PictureChooser } from "~/components/account/picture-chooser";
import { Portrait } from "~/components/booking/portrait";
import { FormAlert, PrimaryButton, TextAreaField } from "~/components/forms/form-controls";
import { ownProfileSchema } from "~/features/consultants/consultant-schema";
import { getOwnConsultant, updateOwnProfile } from "~/features/consultants/portal.server";
import { PICTURE_MAX_LABEL } from "~/features/pictures/picture-limits";
import { pictureUploadFrom } from "~/features/pictures/pictures.server";
import { requireConsultant } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/my-schedule-profile";

export const meta: Route.MetaFunction = () => [
  { title: "My public profile" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { consultantId } = requireConsultant(request, context);
  const consultant = await getOwnConsultant(context.db, consultantId);
  return {
    consultant: {
      id: consultant.id,
      name: consultant.name,
      image: consultant.image,
      speciality: consultant.speciality,
      about: consultant.about,
      archived: consultant.archivedAt !== null,
      version: consultant.version,
    },
    fields: formConstraints(ownProfileSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, consultantId } = requireConsultant(request, context);
  const form = await readForm(request);
  const values = textValues(form);
  try {
    await updateOwnProfile(context.db, consultantId, values, user, {
      now: context.clock(),
      picture: await pictureUploadFrom(form.get("image"), user.id, context.env),
    });
    return redirectWithToast(
      "/my-schedule/profile",
      { kind: "success", message: "Profile updated" },
      context,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function MyScheduleProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { consultant, fields } = loaderData;
  const failure = actionData ?? undefined;
  const busy = useNavigation().state === "submitting";

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
      <Link
        to="/my-schedule"
        className="font-medium text-brand-700 text-sm underline-offset-4 hover:underline"
      >
        Back to my schedule
      </Link>
      <h1 className="mt-3 font-bold text-3xl text-ink tracking-tight">My public profile</h1>
      <p className="mt-1 text-muted">
        What customers read about you on the consultants page and when they book.
        {consultant.archived ? null : (
          <>
            {" "}
            <Link
              to={href("/appointment/:docId", { docId: consultant.id })}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              See it as customers do
            </Link>
          </>
        )}
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-8 space-y-6"
        key={consultant.version}
        aria-label="My public profile"
      >
        <input type="hidden" name="version" value={consultant.version} />
        <FormAlert message={failure?.error} />
        <PictureChooser
          buttonLabel="Replace the picture"
          hint={`JPEG, PNG or WebP, up to ${PICTURE_MAX_LABEL}; shown square.`}
          error={failure?.fieldErrors.image}
          renderPicture={(chosen) => (
            <Portrait
              src={chosen ?? consultant.image}
              name={consultant.name}
              alt={chosen ? "Your new picture" : `Current picture of ${consultant.name}`}
              width={96}
              eager
              className="size-24 rounded-full bg-brand-50 object-cover"
            />
          )}
        />
        <TextAreaField
          label="About me"
          {...fields.about}
          rows={8}
          defaultValue={failure?.values.about ?? consultant.about}
          error={failure?.fieldErrors.about}
        />
        <PrimaryButton disabled={busy}>Save profile</PrimaryButton>
      </Form>
    </section>
  );
}
