export function loader() {
  return new Response("robots");
}
