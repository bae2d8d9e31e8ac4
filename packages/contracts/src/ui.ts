// Plain values the web app's first screen needs, kept apart from the zod schemas so that importing
// them does not pull zod into the entry bundle (the package is marked side-effect free).

export const SUPPORTED_LANGUAGES = ['en', 'hi', 'fr'] as const;

/**
 * The cookie in which the web app tells the server the language it will show at the next load,
 * so that the page a first screen paints before the app has loaded (its heading) is already in
 * that language. Without it the server goes by `Accept-Language`, as the app goes by the browser's.
 */
export const LANGUAGE_COOKIE = 'signet_locale';

/**
 * Where index.html's frame (what a page paints before the app has loaded) takes a first screen's
 * own paint: filled by the web build (a screen's heading) or by the server (an easy-sign link's
 * first page).
 */
export const BOOT_FRAME_SLOT = '<!--boot-frame-->';

/** The two layouts of the web app (spec §2 user menu: "switch to new view"). */
export const UiView = ['classic', 'new'] as const;
export type UiView = (typeof UiView)[number];
/** The query parameter a `POST /public/ui/switch` redirect carries for the web app to adopt. */
export const UI_VIEW_PARAM = 'view';
