import { Link } from "react-router";

const copy: Record<number, { title: string; body: string }> = {
  401: {
    title: "Please sign in",
    body: "This page is for signed-in members of our team. Sign in and we will bring you back here.",
  },
  403: {
    title: "This page is not open to your account",
    body: "Your account does not have access to this page. If you think it should, please ask the agency's staff.",
  },
  404: {
    title: "Page not found",
    body: "We could not find the page you were looking for. It may have moved, or the address may be mistyped.",
  },
  500: {
    title: "Something went wrong",
    body: "We could not show this page because of a problem on our side. Please try again in a moment.",
  },
};

export function ErrorPage({
  status,
  requestId,
  signInPath,
}: {
  status: number;
  requestId?: string;
  /** After a 401: where signing in starts (and comes back from). */
  signInPath?: string;
}) {
  const text = copy[status] ?? {
    title: "We could not complete that request",
    body: "Please check the address and try again.",
  };
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="font-semibold text-brand-700 text-sm tracking-widest">ERROR {status}</p>
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">{text.title}</h1>
      <p className="mt-4 text-lg text-muted">{text.body}</p>
      {requestId ? (
        <p className="mt-4 text-muted text-sm">
          If you contact us about this, mention reference <code className="font-mono">{requestId}</code>.
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {signInPath ? (
          <Link
            to={signInPath}
            className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Sign in
          </Link>
        ) : null}
        <Link
          to="/"
          className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Back to the home page
        </Link>
        <Link
          to="/contact"
          className="rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700"
        >
          Contact us
        </Link>
      </div>
    </section>
  );
}
