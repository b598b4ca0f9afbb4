/** The two widths every page is checked at: a small phone and a laptop. */
export const mobileViewport = { width: 360, height: 740 };
export const desktopViewport = { width: 1280, height: 800 };

export const viewports = [
  { name: "mobile 360 px", size: mobileViewport },
  { name: "desktop 1280 px", size: desktopViewport },
] as const;
