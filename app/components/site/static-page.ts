/**
 * The browser entry of static pages: pages sent to anonymous visitors without React Router's
 * client (route-table.ts, `static`). Their markup comes from the same React components as
 * everywhere; what moves on them is driven by the same behaviours (~/lib/behaviours), attached here
 * by their data attributes instead of by the components' effects. The two parts that need React,
 * the chat and the contact form's country search, are loaded when the visitor asks for them.
 */

import wholeStylesheetUrl from "~/app.css?url";
import { attachAccordion } from "~/lib/behaviours/accordion";
import { attachBrowserTimeZone } from "~/lib/behaviours/browser-time-zone";
import { attachCarousel } from "~/lib/behaviours/carousel";
import {
  attachDirectoryFilters,
  loadKeepingScroll,
  restoreKeptScroll,
  showAddressChoicesOnReturn,
} from "~/lib/behaviours/directory-filters";
import { attachDisclosure, disclosureOptionsFor } from "~/lib/behaviours/disclosure";
import { attachExpandToggle } from "~/lib/behaviours/expand-toggle";
import { scrollToFaqFromHash } from "~/lib/behaviours/faq-hash";
import { attachFormSubmission } from "~/lib/behaviours/form-submission";
import { attachMobileMenu } from "~/lib/behaviours/mobile-menu";
import { attachScrollToTop } from "~/lib/behaviours/scroll-to-top";
import { attachToaster } from "~/lib/behaviours/toast";
import { chatWasLeftInUse } from "~/lib/chat-view";
import type { ChatBotAddress } from "~/lib/lex-wire";

function each<T extends HTMLElement>(selector: string, attach: (element: T) => unknown) {
  for (const element of document.querySelectorAll<T>(selector)) attach(element);
}

each<HTMLElement>("[data-disclosure]", (container) =>
  attachDisclosure(
    container,
    disclosureOptionsFor(container.dataset.disclosure === "inline" ? "inline" : "dropdown"),
  ),
);
each<HTMLButtonElement>("[data-mobile-menu-button]", attachMobileMenu);
each<HTMLButtonElement>("[data-expand-toggle]", attachExpandToggle);
each<HTMLButtonElement>("[data-scroll-to-top]", attachScrollToTop);
each<HTMLElement>("[data-accordion]", attachAccordion);
each<HTMLElement>("[data-carousel]", attachCarousel);
each<HTMLElement>("[data-toaster]", attachToaster);
each<HTMLInputElement>("input[data-browser-time-zone]", attachBrowserTimeZone);
each<HTMLFormElement>("form[data-form-submission]", (form) =>
  attachFormSubmission(form, form.dataset.formSubmission ?? ""),
);
each<HTMLFormElement>("form[data-directory-filters]", (form) => {
  showAddressChoicesOnReturn(form);
  attachDirectoryFilters(form, loadKeepingScroll);
  restoreKeptScroll();
});
scrollToFaqFromHash();
window.addEventListener("hashchange", scrollToFaqFromHash);

let wholeStylesheet: Promise<void> | undefined;

/**
 * The page's own stylesheet holds only the rules its markup uses (decision 35); the React parts
 * below draw markup of their own, so they wait for the whole stylesheet (cached, one request).
 */
function loadWholeStylesheet(): Promise<void> {
  wholeStylesheet ??= new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = wholeStylesheetUrl;
    link.dataset.wholeStylesheet = "";
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
  return wholeStylesheet;
}

each<HTMLElement>("[data-chat-widget]", (container) => {
  const bot = JSON.parse(container.dataset.chatWidget ?? "{}") as ChatBotAddress;
  const mount = (openedByVisitor: boolean) =>
    Promise.all([import("~/components/chat/chat-island"), loadWholeStylesheet()]).then(([{ mountChat }]) =>
      mountChat(container, bot, openedByVisitor),
    );
  if (chatWasLeftInUse()) {
    void mount(false);
    return;
  }
  const launcher = container.querySelector("button");
  launcher?.addEventListener(
    "click",
    () => {
      launcher.setAttribute("aria-busy", "true");
      void mount(true);
    },
    { once: true },
  );
});

// The country search is fetched once the visitor starts on its form (a field focused or pressed),
// and takes the native select's place when the select is not in use, keeping its choice.
each<HTMLElement>("[data-country-picker]", (picker) => {
  const form = picker.closest("form") ?? picker;
  const select = picker.querySelector("select");
  const controller = new AbortController();
  const start = () => {
    controller.abort();
    void Promise.all([import("~/components/account/country-island"), loadWholeStylesheet()]).then(
      ([{ mountCountryCombobox }]) => {
        const mount = () => mountCountryCombobox(picker);
        if (select && document.activeElement === select)
          select.addEventListener("blur", mount, { once: true });
        else mount();
      },
    );
  };
  // Focus may be there already: a form sent back with errors focuses its first one.
  if (form.contains(document.activeElement)) return start();
  form.addEventListener("focusin", start, { signal: controller.signal });
  form.addEventListener("pointerdown", start, { signal: controller.signal });
});

document.documentElement.dataset.interactive = "static";
