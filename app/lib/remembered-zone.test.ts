import { DateTime, IANAZone } from "luxon";
import { describe, expect, it } from "vitest";
import { rememberedZone } from "./remembered-zone";

const MINUTE = 60_000;

describe("a remembered zone", () => {
  it("gives the offsets of the zone itself, minute by minute across both daylight-saving changes", () => {
    for (const name of ["America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Europe/London"]) {
      const remembered = rememberedZone(name);
      const plain = IANAZone.create(name);
      for (const change of [Date.UTC(2027, 2, 14, 7), Date.UTC(2027, 10, 7, 6), Date.UTC(2027, 3, 4, 15)]) {
        for (let ts = change - 90 * MINUTE; ts <= change + 90 * MINUTE; ts += 7_919) {
          // Asked twice: the second answer comes from memory.
          expect(remembered.offset(ts), `${name} ${new Date(ts).toISOString()}`).toBe(plain.offset(ts));
          expect(remembered.offset(ts)).toBe(plain.offset(ts));
        }
      }
    }
  });

  it("resolves wall-clock times as the zone's name does, including the hour a spring change skips", () => {
    const zone = rememberedZone("America/New_York");
    for (const hour of [1, 2, 3, 10, 20]) {
      const wallClock = { year: 2027, month: 3, day: 14, hour, minute: 30 };
      expect(DateTime.fromObject(wallClock, { zone }).toISO()).toBe(
        DateTime.fromObject(wallClock, { zone: "America/New_York" }).toISO(),
      );
    }
    const instant = new Date("2027-11-07T05:45:00Z");
    expect(DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-MM-dd HH:mm ZZZZ")).toBe(
      DateTime.fromJSDate(instant, { zone: "America/New_York" }).toFormat("yyyy-MM-dd HH:mm ZZZZ"),
    );
  });

  it("is the same zone as its name, and one instance per name", () => {
    const zone = rememberedZone("Europe/Paris");
    expect(zone).toBe(rememberedZone("Europe/Paris"));
    expect(zone.name).toBe("Europe/Paris");
    expect(zone.equals(IANAZone.create("Europe/Paris"))).toBe(true);
    expect(IANAZone.create("Europe/Paris").equals(zone)).toBe(true);
    expect(DateTime.fromJSDate(new Date(), { zone }).zoneName).toBe("Europe/Paris");
  });

  it("is invalid for an unknown name, as the name is", () => {
    expect(rememberedZone("Mars/Olympus_Mons").isValid).toBe(false);
    expect(DateTime.fromJSDate(new Date(), { zone: rememberedZone("Mars/Olympus_Mons") }).isValid).toBe(
      false,
    );
  });
});
