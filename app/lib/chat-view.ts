/**
 * Where the chat keeps itself in the tab's sessionStorage (./chat-storage.ts). Defined here, with
 * the launcher's small reader, so the launcher does not load the chat's storage code.
 */
export const CHAT_STORAGE_KEY = "va-hub-chat";

/**
 * Whether the chat was open, and how many replies are unread, from what the panel stores
 * (~/lib/chat-storage), read without the rest of the chat's code so the launcher stays small.
 */
export function savedChatView(): { open: boolean; unread: number } | undefined {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(CHAT_STORAGE_KEY) ?? "null") as {
      open?: unknown;
      unread?: unknown;
    } | null;
    if (!saved) return undefined;
    return { open: saved.open === true, unread: typeof saved.unread === "number" ? saved.unread : 0 };
  } catch {
    return undefined;
  }
}

/** Whether the visitor left the chat open, or with unread replies, on an earlier page of this tab. */
export function chatWasLeftInUse(): boolean {
  const saved = savedChatView();
  return saved !== undefined && (saved.open || saved.unread > 0);
}
