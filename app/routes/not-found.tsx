import { data } from "react-router";

/** Any path no other route claims: the root error boundary shows the styled 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
