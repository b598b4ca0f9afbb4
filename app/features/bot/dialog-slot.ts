/**
 * What a slot of the assistant's dialogs is (its prompt, how an answer is read and checked, how it
 * reads in the summary), and the Lex slot values the dialogs set and read.
 */
import type { Message, Slot, Slots } from "~/lib/lex-wire";

export interface SlotContext {
  now: Date;
}

/** What reading one answer gave: slots to set, or a problem to tell the visitor (and maybe a partial value). */
export type SlotReading =
  | { ok: true; updates: Record<string, Slot> }
  | { ok: false; problem: string; updates?: Record<string, Slot> };

export interface SlotDefinition {
  name: string;
  /** Whether this slot must be filled, given the others (e.g. "otherBusiness" only for Other). */
  needed(slots: Slots): boolean;
  prompt(slots: Slots, context: SlotContext): Message[];
  read(text: string, slots: Slots, context: SlotContext): SlotReading;
  /** How the value reads in the confirmation summary; undefined leaves the line out. */
  summary?(slots: Slots): string | undefined;
}

export function scalar(interpretedValue: string, originalValue: string, resolvedValues: string[] = []): Slot {
  return { shape: "Scalar", value: { originalValue, interpretedValue, resolvedValues } };
}

export function slotText(slots: Slots, name: string): string | undefined {
  return slots[name]?.value?.interpretedValue;
}

export function listValues(slot: Slot | null | undefined): string[] {
  if (!slot) return [];
  if (slot.values && slot.values.length > 0) {
    return slot.values.flatMap((entry) => (entry.value ? [entry.value.interpretedValue] : []));
  }
  return slot.value ? [slot.value.interpretedValue] : [];
}

export function listSlot(values: string[], originalValue: string): Slot {
  return {
    shape: "List",
    value: { originalValue, interpretedValue: values.join(", "), resolvedValues: values },
    values: values.map((value) => scalar(value, value, [value])),
  };
}

/** A copy of the slots, so a turn never changes the state it was handed. */
export function cloneSlots(slots: Slots | undefined): Slots {
  return structuredClone(slots ?? {});
}

/** Text on one line: no control characters (a line break is one). */
export const singleLine = /^[^\p{Cc}]*$/u;
