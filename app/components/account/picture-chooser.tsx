import { useEffect, useState } from "react";
import { FieldError } from "~/components/forms/form-controls";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "~/features/pictures/picture-limits";

/**
 * The "Picture" field of the profile and consultant forms: the current picture (or the chosen one,
 * previewed at once), a button that opens the file chooser, and a size check before upload. The
 * server checks the picture again; this only spares a person a long upload that would be refused.
 */
export function PictureChooser({
  renderPicture,
  buttonLabel,
  hint,
  error,
}: {
  /** The picture to show: `chosen` is the preview of a newly chosen file, or null before one is. */
  renderPicture: (chosen: string | null) => React.ReactNode;
  buttonLabel: string;
  hint: string;
  /** The server's word on the last upload. */
  error?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div>
      <span className="block font-medium text-ink text-sm" id="picture-label">
        Picture
      </span>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {renderPicture(preview)}
        <label className="cursor-pointer rounded-full border border-gray-300 px-4 py-2 font-medium text-ink text-sm hover:border-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
          {buttonLabel}
          <input
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-describedby="picture-hint"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              const refused = file !== undefined && file.size > PICTURE_MAX_BYTES;
              if (refused) event.currentTarget.value = "";
              setTooLarge(refused);
              setPreview(file && !refused ? URL.createObjectURL(file) : null);
            }}
          />
        </label>
      </div>
      <p id="picture-hint" className="mt-1.5 text-muted text-sm">
        {hint}
      </p>
      <FieldError message={tooLarge ? PICTURE_TOO_LARGE : error} />
    </div>
  );
}
