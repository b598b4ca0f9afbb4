import { IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from "luxon";
import { BoundedMemo } from "./bounded-memo";

/** Minutes remembered per zone, the oldest forgotten first: weeks of distinct minutes. */
const MAX_REMEMBERED_MINUTES = 50_000;

/**
 * An IANA time zone that remembers its UTC offset minute by minute. luxon asks Intl for the offset
 * of every instant it resolves (`formatToParts`, not a cheap call), and the booking grid, the
 * checks of a booking attempt and the old clients' slot strings resolve the same instants again and
 * again: it was the largest single cost of a refused booking. Zones change their offset at whole
 * minutes, so one answer serves the whole minute.
 */
class RememberedOffsetZone extends Zone {
  private readonly offsets = new BoundedMemo<number, number>(MAX_REMEMBERED_MINUTES);

  constructor(private readonly zone: IANAZone) {
    super();
  }

  override get type(): string {
    return this.zone.type;
  }

  override get name(): string {
    return this.zone.name;
  }

  override get isUniversal(): boolean {
    return this.zone.isUniversal;
  }

  override get isValid(): boolean {
    return this.zone.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.zone.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    return this.offsets.get(Math.floor(ts / 60_000), () => this.zone.offset(ts));
  }

  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}

const zones = new Map<string, Zone>();

/**
 * The zone named `name` (an IANA name such as `America/New_York`) for luxon's `zone` option, the
 * same answers as the name itself, faster where one process resolves many instants in it. An
 * unknown name gives luxon's invalid zone, as the name would.
 */
export function rememberedZone(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    const iana = IANAZone.create(name);
    zone = iana.isValid ? new RememberedOffsetZone(iana) : iana;
    zones.set(name, zone);
  }
  return zone;
}
