import { describe, expect, it } from "vitest";
import {
  DEFAULT_MEETING_URL_TEMPLATE,
  meetingUrlTemplateProblem,
  newMeetingUrl,
  newRoomId,
} from "./meeting-url";

describe("meeting links", () => {
  it("make a fresh Jitsi room of 32 hex digits by default, different each time", () => {
    const first = newMeetingUrl(DEFAULT_MEETING_URL_TEMPLATE);
    expect(first).toMatch(/^https:\/\/meet\.jit\.si\/VAHub-[0-9a-f]{32}$/);
    expect(newMeetingUrl(DEFAULT_MEETING_URL_TEMPLATE)).not.toBe(first);
    expect(newRoomId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("replace every {room} of a template", () => {
    expect(newMeetingUrl("https://meet.example.com/{room}?name={room}", "abc")).toBe(
      "https://meet.example.com/abc?name=abc",
    );
  });
});

describe("meetingUrlTemplateProblem", () => {
  const strict = { allowHttp: false };
  const relaxed = { allowHttp: true };

  it("accepts an absolute https address holding {room}", () => {
    expect(meetingUrlTemplateProblem(DEFAULT_MEETING_URL_TEMPLATE, strict)).toBeUndefined();
    expect(meetingUrlTemplateProblem("https://zoom.example.com/j/{room}", strict)).toBeUndefined();
  });

  it("refuses a template without {room}, a relative one and other schemes", () => {
    expect(meetingUrlTemplateProblem("https://meet.jit.si/VAHub", strict)).toMatch(/\{room\}/);
    expect(meetingUrlTemplateProblem("/meet/{room}", strict)).toMatch(/absolute/);
    expect(meetingUrlTemplateProblem("javascript:alert('{room}')", relaxed)).toMatch(/https/);
  });

  it("takes http only outside production", () => {
    expect(meetingUrlTemplateProblem("http://localhost:8443/{room}", relaxed)).toBeUndefined();
    expect(meetingUrlTemplateProblem("http://localhost:8443/{room}", strict)).toMatch(/production/);
  });
});
