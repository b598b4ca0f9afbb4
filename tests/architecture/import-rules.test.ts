/**
 * The import rule of docs/architecture.md is enforced by Biome (`noRestrictedImports` per folder in
 * biome.json, run by `npm run lint`). These tests lint small files laid out like the project, in a
 * temporary folder with the project's own biome.json, and check that each wrong import is reported
 * and each right one is not. Test files are no layer: they may import what they exercise or inspect.
 * The features follow one order ("Feature order" in docs/architecture.md): each imports only those
 * below it, which one override per feature in biome.json enforces.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const biomeConfig = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));

interface Case {
  /** Where the file sits in the project layout. */
  file: string;
  source: string;
}

/** Each of these is one import the rule forbids. */
const forbidden: Record<string, Case> = {
  "a feature importing a route module": {
    file: "app/features/contact/uses-route.ts",
    source: 'import { loader } from "~/routes/contact";\nexport const l = loader;\n',
  },
  "a feature importing a route's types by a relative path": {
    file: "app/features/contact/uses-route-types.ts",
    source: 'import type { Route } from "../../routes/+types/contact";\nexport type A = Route.LoaderArgs;\n',
  },
  "a feature re-exporting a route": {
    file: "app/features/contact/re-exports-route.ts",
    source: 'export { loader } from "~/routes/home";\n',
  },
  "a feature loading a route lazily": {
    file: "app/features/contact/lazy-route.ts",
    source: 'export const home = () => import("~/routes/home");\n',
  },
  "a feature importing the route table": {
    file: "app/features/seo/uses-route-table.ts",
    source: 'import { routeTable } from "~/route-table";\nexport const t = routeTable;\n',
  },
  "a feature importing react-router": {
    file: "app/features/contact/uses-react-router.ts",
    source: 'import { data } from "react-router";\nexport const d = data;\n',
  },
  "a feature importing the form answers of infra (react-router inside)": {
    file: "app/features/contact/uses-form-failure.ts",
    source: 'import { formFailure } from "~/infra/form-failure.server";\nexport const f = formFailure;\n',
  },
  "a feature importing the request context by a relative path": {
    file: "app/features/booking/uses-request-context.ts",
    source:
      'import type { RequestContext } from "../../infra/request-context.server";\nexport type C = RequestContext;\n',
  },
  "a feature importing a component": {
    file: "app/features/blog/uses-component.ts",
    source: 'import { PostMeta } from "../../components/post-meta";\nexport const p = PostMeta;\n',
  },
  "a feature importing the HTTP server": {
    file: "app/features/payments/uses-server.ts",
    source: 'import { createHttpApp } from "../../../server/http-app";\nexport const c = createHttpApp;\n',
  },
  "a feature importing a feature above it (the old consultants and booking loop)": {
    file: "app/features/consultants/uses-booking.server.ts",
    source:
      'import { cancelAppointment } from "../booking/booking.server";\nexport const c = cancelAppointment;\n',
  },
  "a feature importing the type of a feature above it by the alias (the old e-mail and contact loop)": {
    file: "app/features/email/templates/uses-contact.ts",
    source:
      'import type { ValidInquiry } from "~/features/contact/inquiry-schema";\nexport type V = ValidInquiry;\n',
  },
  "the lowest feature importing the next one up": {
    file: "app/features/audit/uses-slot-grid.ts",
    source: 'import { SLOT_MINUTES } from "../slot-grid/slots";\nexport const m = SLOT_MINUTES;\n',
  },
  "infra importing a feature's type (the old request-context loop)": {
    file: "app/infra/uses-feature.server.ts",
    source:
      'import type { Appointment } from "~/features/booking/booking.server";\nexport type A = Appointment;\n',
  },
  "infra importing a feature by a relative path": {
    file: "app/infra/uses-feature-relative.server.ts",
    source:
      'import { cancelAppointment } from "../features/booking/booking.server";\nexport const c = cancelAppointment;\n',
  },
  "a component importing a feature's server module": {
    file: "app/components/uses-feature-server.tsx",
    source: 'import { listPosts } from "~/features/blog/posts.server";\nexport const l = listPosts;\n',
  },
  "a component importing infra": {
    file: "app/components/uses-infra.tsx",
    source: 'import type { Database } from "~/infra/db.server";\nexport type D = Database;\n',
  },
  "lib importing a feature's type (the old lex-wire case)": {
    file: "app/lib/uses-feature.ts",
    source: 'import type { Message } from "~/features/bot/dialog";\nexport type M = Message;\n',
  },
  "lib importing a component": {
    file: "app/lib/uses-component.ts",
    source: 'import { Logo } from "../components/logo";\nexport const l = Logo;\n',
  },
  "content importing infra": {
    file: "app/content/uses-infra.ts",
    source: 'import type { Environment } from "~/infra/env.server";\nexport type E = Environment;\n',
  },
  "content importing the database schema": {
    file: "app/content/uses-db.ts",
    source: 'import { users } from "@db/schema";\nexport const u = users;\n',
  },
  "a route querying the database schema itself": {
    file: "app/routes/uses-db.tsx",
    source: 'import { users } from "@db/schema";\nexport const u = users;\n',
  },
  "a route importing the HTTP server": {
    file: "app/routes/uses-server.tsx",
    source: 'import { createHttpApp } from "../../server/http-app";\nexport const c = createHttpApp;\n',
  },
  "the schema importing a feature": {
    file: "db/schema.ts",
    source:
      'import { snapshotOf } from "../app/features/consultants/consultants.server";\nexport const s = snapshotOf;\n',
  },
  "the server importing a route module": {
    file: "server/uses-route.ts",
    source: 'import { loader } from "~/routes/home";\nexport const l = loader;\n',
  },
  "the server importing a component": {
    file: "server/uses-component.ts",
    source: 'import { SiteShell } from "../app/components/site-shell";\nexport const s = SiteShell;\n',
  },
};

/** Imports the rule allows, one file per layer. */
const allowed: Record<string, Case> = {
  "a route using features, infra, components, lib and content": {
    file: "app/routes/fine.tsx",
    source: [
      'import { data } from "react-router";',
      'import { SiteShell } from "~/components/site-shell";',
      'import { site } from "~/content/site";',
      'import { submitInquiry } from "~/features/contact/contact.server";',
      'import { formFailure } from "~/infra/form-failure.server";',
      'import { pageMeta } from "~/lib/seo";',
      'import { routeTable } from "~/route-table";',
      "export const all = [data, SiteShell, site, submitInquiry, formFailure, pageMeta, routeTable];",
      "",
    ].join("\n"),
  },
  "a feature using infra, the schema, lib, content and another feature": {
    file: "app/features/booking/fine.server.ts",
    source: [
      'import { site } from "~/content/site";',
      'import type { Database } from "~/infra/db.server";',
      'import { consumeRateLimit } from "~/infra/rate-limit.server";',
      'import { FeatureError } from "~/lib/errors";',
      'import { appointments } from "@db/schema";',
      'import { enqueueEmail } from "../email/outbox.server";',
      "export type D = Database;",
      "export const all = [site, consumeRateLimit, FeatureError, appointments, enqueueEmail];",
      "",
    ].join("\n"),
  },
  "a feature using features below it and its own modules": {
    file: "app/features/booking/fine-lower.server.ts",
    source: [
      'import { findConsultant } from "~/features/consultants/consultants.server";',
      'import { refundsOnCancel } from "../payments/payments.server";',
      'import { SLOT_MINUTES } from "../slot-grid/slots";',
      'import { findOwnAppointment } from "./appointments.server";',
      "export const all = [findConsultant, refundsOnCancel, SLOT_MINUTES, findOwnAppointment];",
      "",
    ].join("\n"),
  },
  "a template of the e-mail feature using the feature below it": {
    file: "app/features/email/templates/fine.ts",
    source: 'import { SLOT_MINUTES } from "../../slot-grid/slots";\nexport const m = SLOT_MINUTES;\n',
  },
  "infra using other infra, the schema and lib": {
    file: "app/infra/fine.server.ts",
    source: [
      'import { users } from "@db/schema";',
      'import { FeatureError } from "~/lib/errors";',
      'import type { Database } from "./db.server";',
      "export type D = Database;",
      "export const all = [users, FeatureError];",
      "",
    ].join("\n"),
  },
  "a component using react-router, lib, content and a feature's browser-safe module": {
    file: "app/components/fine.tsx",
    source: [
      'import { Link } from "react-router";',
      'import { site } from "~/content/site";',
      'import { inquiryFields } from "~/features/contact/inquiry-fields";',
      'import { cn } from "~/lib/cn";',
      'import { Logo } from "./logo";',
      "export const all = [Link, site, inquiryFields, cn, Logo];",
      "",
    ].join("\n"),
  },
  "lib using content and react-router": {
    file: "app/lib/fine.ts",
    source: [
      'import type { MetaDescriptor } from "react-router";',
      'import { site } from "~/content/site";',
      "export type M = MetaDescriptor;",
      "export const s = site;",
      "",
    ].join("\n"),
  },
  "the server using features, infra, the route table, the schema and React Router's build": {
    file: "server/fine.ts",
    source: [
      'import * as build from "virtual:react-router/server-build";',
      'import { renderToString } from "react-dom/server";',
      'import { serveStatic } from "@hono/node-server/serve-static";',
      'import { findSessionUser } from "~/features/accounts/sessions.server";',
      'import { createLogger } from "~/infra/logger.server";',
      'import { pageCacheKind } from "~/route-table";',
      'import { users } from "@db/schema";',
      "export const all = [build, renderToString, serveStatic, findSessionUser, createLogger, pageCacheKind, users];",
      "",
    ].join("\n"),
  },
  "the seed, run at start-up, using a feature": {
    file: "db/seed.ts",
    source:
      'import { hashPassword } from "~/features/accounts/password.server";\nexport const h = hashPassword;\n',
  },
  "a route's test inspecting the database and starting the HTTP app": {
    file: "app/routes/fine.integration.test.ts",
    source: [
      'import { users } from "@db/schema";',
      'import { createHttpApp } from "../../server/http-app";',
      "export const all = [users, createHttpApp];",
      "",
    ].join("\n"),
  },
  "the database layer using content and the database handle's type": {
    file: "db/fine.ts",
    source: [
      'import type { Database } from "~/infra/db.server";',
      'import { specialityNames } from "../app/content/specialities";',
      "export type D = Database;",
      "export const s = specialityNames;",
      "",
    ].join("\n"),
  },
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let workspace: string;
let restrictedImports: Diagnostic[];

beforeAll(() => {
  workspace = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  // The project's rules, minus what ties them to this checkout (its .gitignore, its ignored folders).
  const { vcs: _vcs, files: _files, ...rules } = biomeConfig;
  writeFileSync(path.join(workspace, "biome.json"), JSON.stringify(rules));
  for (const { file, source } of [...Object.values(forbidden), ...Object.values(allowed)]) {
    mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
    writeFileSync(path.join(workspace, file), source);
  }
  const biome = path.join(root, "node_modules", ".bin", "biome");
  const run = spawnSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: workspace,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  restrictedImports = report.diagnostics.filter(
    (diagnostic) => diagnostic.category === "lint/style/noRestrictedImports",
  );
});

afterAll(() => {
  rmSync(workspace, { recursive: true, force: true });
});

function reportsFor(file: string) {
  return restrictedImports.filter((diagnostic) => diagnostic.location.path.replaceAll("\\", "/") === file);
}

describe("npm run lint enforces the import rule", () => {
  it.each(Object.entries(forbidden))("reports %s", (_name, { file }) => {
    const reports = reportsFor(file);
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[0]!.message).toContain("docs/architecture.md");
  });

  it.each(Object.entries(allowed))("accepts %s", (_name, { file }) => {
    expect(reportsFor(file)).toEqual([]);
  });

  it("tells a feature which way to go when it imports one above it", () => {
    const [report] = reportsFor("app/features/consultants/uses-booking.server.ts");
    expect(report!.message).toContain("feature order");
    expect(report!.message).toContain("sit above consultants");
  });

  it("keeps every infra module that speaks React Router out of the features", () => {
    const groups = patternsOf(featuresOverride()).flatMap((pattern) => pattern.group);
    const infraDirectory = path.join(root, "app", "infra");
    const webModules = readdirSync(infraDirectory)
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .filter((name) => /["']react-router["']/.test(readFileSync(path.join(infraDirectory, name), "utf8")))
      .map((name) => `**/infra/${name.replace(/\.tsx?$/, "")}`);
    expect(webModules.length).toBeGreaterThan(0);
    expect(groups).toEqual(expect.arrayContaining(webModules));
  });
});

interface Pattern {
  group: string[];
  message: string;
}

interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: Pattern[] } } } } };
}

const overrides: Override[] = biomeConfig.overrides;

function patternsOf(override: Override | undefined): Pattern[] {
  return override?.linter?.rules?.style?.noRestrictedImports?.options.patterns ?? [];
}

function featuresOverride(): Override | undefined {
  return overrides.find((override) => override.includes.includes("app/features/**"));
}

function featureOverride(feature: string): Override | undefined {
  return overrides.find((override) => override.includes.includes(`app/features/${feature}/**`));
}

/** The features the order names, lowest first: the list under "## Feature order" in docs/architecture.md. */
function documentedOrder(): string[] {
  const architecture = readFileSync(path.join(root, "docs", "architecture.md"), "utf8");
  const section = architecture.split(/^## /m).find((part) => part.startsWith("Feature order"));
  return [...(section ?? "").matchAll(/^\d+\. `([a-z-]+)`/gm)].map((match) => match[1]!);
}

/**
 * The features a feature's override forbids, read from both globs of its order pattern (by alias or
 * folder, features/{a,b}; by relative path, ../{a,b}); null when the two disagree.
 */
function forbiddenFeatures(feature: string): string[] | null {
  const orderPattern = patternsOf(featureOverride(feature)).find((pattern) =>
    pattern.group.some((glob) => glob.startsWith("**/features/")),
  );
  if (!orderPattern) return [];
  const lists = orderPattern.group.map(
    (glob) => glob.match(/^\*\*\/(?:features|\.\.)\/\{?([a-z,-]+)\}?\/\*\*$/)?.[1] ?? "",
  );
  return lists.length === 2 && lists[0] === lists[1] ? lists[0]!.split(",") : null;
}

describe("the feature order", () => {
  const order = documentedOrder();

  it("names every folder under app/features once", () => {
    const folders = readdirSync(path.join(root, "app", "features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(new Set(order).size).toBe(order.length);
    expect([...order].sort()).toEqual([...folders].sort());
  });

  it("is what biome.json enforces: each feature is kept from exactly the features above it", () => {
    expect(order.length).toBeGreaterThan(1);
    for (const [index, feature] of order.entries()) {
      expect({ feature, forbidden: forbiddenFeatures(feature) }).toEqual({
        feature,
        forbidden: order.slice(index + 1),
      });
    }
  });

  it("keeps the layer rule inside every feature (an override replaces the features' patterns)", () => {
    const layerRule = patternsOf(featuresOverride());
    for (const feature of order.slice(0, -1)) {
      expect({ feature, patterns: patternsOf(featureOverride(feature)).slice(0, -1) }).toEqual({
        feature,
        patterns: layerRule,
      });
    }
  });
});
