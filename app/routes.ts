import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { routeTable } from "./route-table";

/** React Router's route config. Every URL, and what is known about each, is in ./route-table.ts. */
export default routeTable.map((page) =>
  page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file, { id: page.id }),
) satisfies RouteConfig;
