import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./db/schema.ts",
    "./db/calendar-schema.ts",
    "./db/review-schema.ts",
    "./db/waitlist-schema.ts",
    "./db/receipt-schema.ts",
    "./db/idempotency-schema.ts",
    "./db/picture-schema.ts",
  ],
  out: "./db/migrations",
});
