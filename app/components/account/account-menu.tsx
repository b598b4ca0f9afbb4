import { useId } from "react";
import { Form, Link } from "react-router";
import type { ShellUser } from "~/components/site/shell-user";
import { attachDisclosure } from "~/lib/behaviours/disclosure";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";

export function Avatar({
  user,
  className = "size-10",
}: {
  user: Pick<ShellUser, "name" | "image">;
  className?: string;
}) {
  if (user.image) {
    return (
      <img
        src={user.image}
        alt=""
        width={40}
        height={40}
        className={`${className} rounded-full object-cover`}
      />
    );
  }
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-flex items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initials || "?"}
    </span>
  );
}

/** The signed-in visitor's menu: My Profile, My Appointments, Logout. */
export function AccountMenu({ user }: { user: ShellUser }) {
  const panelId = useId();
  const containerRef = useBehaviour<HTMLDivElement>((container) => attachDisclosure(container));
  const itemClass =
    "block w-full rounded-lg px-3 py-2 text-left text-ink hover:bg-brand-50 hover:text-brand-800";
  return (
    <div className="relative" ref={containerRef}>
      <button
        type="button"
        aria-expanded="false"
        aria-controls={panelId}
        className="inline-flex items-center rounded-full p-0.5 hover:ring-2 hover:ring-brand-200"
      >
        <Avatar user={user} />
        <span className="sr-only">Account menu for {user.name}</span>
      </button>
      <div
        id={panelId}
        hidden
        className="absolute right-0 z-40 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
      >
        <p className="truncate px-3 py-2 text-muted text-sm">{user.email}</p>
        <ul>
          <li>
            <Link to="/my-profile" className={itemClass}>
              My Profile
            </Link>
          </li>
          <li>
            <Link to="/my-appointments" className={itemClass}>
              My Appointments
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={itemClass}>
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </div>
  );
}
