// `npm run create-admin -- <email>`: makes <email> a staff account (creating it, or promoting an
// existing account) and prints a one-time link to set its password. It opens the database the
// server uses (the same settings and .env); with the embedded database, stop the server first,
// since only one process may open its folder.
import path from "node:path";
import { createOrPromoteAdmin } from "~/features/accounts/staff-accounts.server";
import { openDatabase } from "~/infra/db.server";
import { ConfigurationError, loadDotEnvFile, loadEnvironment } from "~/infra/env.server";
import { FeatureError } from "~/lib/errors";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run create-admin -- <email>");
  process.exit(2);
}

loadDotEnvFile();
let env: ReturnType<typeof loadEnvironment>;
try {
  env = loadEnvironment();
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDirectory: path.join(env.dataDirectory, "pglite"),
});
try {
  const result = await createOrPromoteAdmin(database.db, email, {
    publicUrl: env.publicUrl,
    now: new Date(),
  });
  console.log(
    result.created
      ? `Created the staff account ${result.email}.`
      : `${result.email} already had an account: it is now agency staff, enabled, and signed out everywhere.`,
  );
  const within = result.created ? "within seven days" : "within one hour";
  console.log(`Open this link ${within} to set its password (it works once):\n\n  ${result.link}\n`);
  console.log(`Then sign in at ${env.publicUrl}/login and go to ${env.publicUrl}/admin.`);
} catch (error) {
  if (!(error instanceof FeatureError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
