import { describe, expect, it } from "vitest";
import { planProcesses } from "./cluster";

const postgres = "postgres://app@db.example.com:5432/va_hub";

describe("planProcesses", () => {
  it("runs one worker per core on PostgreSQL in production unless WORKERS says otherwise", () => {
    expect(planProcesses({ isProduction: true, DATABASE_URL: postgres }, 8)).toEqual({ workers: 8 });
    expect(planProcesses({ isProduction: true, DATABASE_URL: postgres, WORKERS: 3 }, 8)).toEqual({
      workers: 3,
    });
    expect(planProcesses({ isProduction: true, DATABASE_URL: postgres, WORKERS: 1 }, 8)).toEqual({
      workers: 1,
    });
  });

  it("keeps the embedded database in one process and says why when more were possible", () => {
    expect(planProcesses({ isProduction: true }, 8)).toEqual({
      workers: 1,
      note: "embedded database: one process; set DATABASE_URL to use every core",
    });
    expect(planProcesses({ isProduction: true, WORKERS: 4 }, 1).note).toMatch(/^embedded database/);
    expect(planProcesses({ isProduction: true, WORKERS: 1 }, 8)).toEqual({ workers: 1 });
    expect(planProcesses({ isProduction: true }, 1)).toEqual({ workers: 1 });
  });

  it("serves development from one process (Vite's middleware)", () => {
    expect(planProcesses({ isProduction: false, DATABASE_URL: postgres, WORKERS: 4 }, 8)).toEqual({
      workers: 1,
    });
  });
});
