import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { DataFolderLocked } from "../db/data-lock.ts";
import { ensureAdmin } from "./admin-account.ts";

/** npm run create-admin -- --email you@example.com --password '…' [--username Name] */
const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, username: { type: "string" } },
});
if (!values.email || !values.password) {
  console.error(
    "Usage: npm run create-admin -- --email you@example.com --password 'a long password' [--username Name]",
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  // The server holds the embedded database: refuse, touching nothing.
  if (!(error instanceof DataFolderLocked)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  await database.migrate();
  const outcome = await ensureAdmin(database.db, {
    email: values.email,
    password: values.password,
    username: values.username,
  });
  console.log(
    outcome === "created"
      ? `Admin account created for ${values.email}`
      : `${values.email} is now an admin (password updated)`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
