// Plain values the web app's first screen needs, kept apart from the zod schemas so that importing
// them does not pull zod into the entry bundle (the package is marked side-effect free).

export const SUPPORTED_LANGUAGES = ['en', 'hi', 'fr'] as const;

/** The two layouts of the web app (spec §2 user menu: "switch to new view"). */
export const UiView = ['classic', 'new'] as const;
export type UiView = (typeof UiView)[number];
/** The query parameter a `POST /public/ui/switch` redirect carries for the web app to adopt. */
export const UI_VIEW_PARAM = 'view';
