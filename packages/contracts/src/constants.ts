/** Business constants and limits of spec §9 (and the few of §5 that are numbers). */

export const Timing = {
  EPAK_LIST_REFRESH_MS: 300_000,
  /** Seconds before expiry at which the client refreshes its token. */
  TOKEN_REFRESH_CALL_TIME_S: 300,
  /** Seconds subtracted from the token expiry to get the UIS session length. */
  UIS_SESSION_CORRECTION_S: 120,
  UIS_HEARTBEAT_TIMEOUT_MS: 7000,
  /** setTimeout's largest delay; the UIS session timer is capped to it. */
  TIMER_CAP_MS: 2_147_483_647,
  TOAST_ERROR_MS: 4000,
  TOAST_INFO_MS: 4000,
  TOAST_SUCCESS_MS: 2500,
  PRINT_FRAME_DELAY_MS: 500,
  TAG_SEARCH_DEBOUNCE_MS: 200,
  VIEW_LOADER_STEP: 100,
  VIEW_LOADER_INTERVAL_MS: 100,
  VIEW_LOADER_DONE_MS: 800,
  TEXT_SCROLLER_STEP_PX: 2,
  TEXT_SCROLLER_INTERVAL_MS: 50,
} as const;

export const Limits = {
  GROUP_NAME_LENGTH: 15,
  DEFAULT_REASON_ID: 1,
  DEFAULT_DATE_FORMAT: 'DD MMM YYYY',
  LETTERHEAD_MAX_BYTES: 500 * 1024,
  LETTERHEAD_QUEUE: 1,
  LETTERHEAD_TYPES: ['jpg', 'png', 'jpeg'],
  /** A rubber stamp's image (PNG or JPEG), like the rubberStamp tag's maxUploadKb. */
  RUBBER_STAMP_MAX_BYTES: 500 * 1024,
  TAG_PAGE_SIZE: 10,
  PASTE_OFFSET_X: 10,
  PASTE_OFFSET_Y: 8,
  TAG_OVERLAP_TOLERANCE: 3,
  TAG_OVERLAP_TOLERANCE_NEW: 0,
  TAG_BORDER_WIDTH: 6,
  LETTERHEAD_BORDER_WIDTH: 4,
  SIGNER_INPUT_MIN_CHARS: 2,
  /** Spec §5: "effectively unlimited by default". */
  SIGNER_LIMIT: Number.MAX_SAFE_INTEGER,
  /** DOMAIN.md defaults: a reminder every 3 days while a recipient is Pending, at most 5. */
  REMINDER_INTERVAL_DAYS: 3,
  REMINDER_MAX: 5,
  /** A template export zip (`template.json` and its PDFs) taken by the import, packed and unpacked. */
  TEMPLATE_IMPORT_MAX_BYTES: 50 * 1024 * 1024,
} as const;

export const PdfView = {
  ZOOM_MIN: 0.6,
  ZOOM_MAX: 3,
  ZOOM_STEP: 0.3,
  ZOOM_STEP_WITH_FLAG: 0.25,
  ZOOM_ALLOWED_BY_DEFAULT: false,
  RENDER_MODES: ['FTW', 'Actual'],
  DOCK: { mobile: { top: 250, width: 300 }, web: { top: 388, width: 600 } },
} as const;

export const KeyCode = { ENTER: 13, PASTE_V: 86, COPY_C: 67, CTRL: 17, CMD: 91 } as const;

export const STAMP_DENOMINATIONS = [10, 20, 50, 100, 500, 1000, 5000, 10000, 15000, 20000, 25000] as const;

export const SigningPolicy = [
  'ESIGNATURE',
  'QUICKSIGN',
  'SAFEMOBILE',
  'HYBRID',
  'ETOKEN',
  'INTERNAL',
  'COSIGN',
  'AADHAAR',
  'CAPI',
  'PSS',
  'QUICKSIGNNEW',
  'TRANSSPED',
  'ODPPKI',
  'ODPIDPKI',
  'DSC',
] as const;
export type SigningPolicy = (typeof SigningPolicy)[number];

export const DIGITAL_POLICIES: readonly SigningPolicy[] = [
  'INTERNAL',
  'SAFEMOBILE',
  'HYBRID',
  'ETOKEN',
  'CAPI',
  'AADHAAR',
  'PSS',
  'TRANSSPED',
  'DSC',
  'ODPPKI',
];

/** Policies signed with the tenant's seal on the signer's behalf (DOMAIN.md). */
export const SEAL_SIGNING_POLICIES: readonly SigningPolicy[] = ['ESIGNATURE', 'QUICKSIGN', 'QUICKSIGNNEW'];

/** Policies whose key stays on the signer's device: deferred signing through `/v2/epak/sign/dochash`. */
export const DEFERRED_SIGNING_POLICIES: readonly SigningPolicy[] = ['DSC', 'ETOKEN', 'CAPI'];

/** Policies under which a signer may have only one signature tag (spec §5). */
export const SINGLE_SIGNATURE_TAG_POLICIES: readonly SigningPolicy[] = [
  'INTERNAL',
  'SAFEMOBILE',
  'HYBRID',
  'ETOKEN',
  'CAPI',
  'PSS',
  'TRANSSPED',
  'COSIGN',
];

export const AuthMechanism = ['OTP', 'MSBAUTH', 'MSBPASSCODE', 'SSO'] as const;
export type AuthMechanism = (typeof AuthMechanism)[number];

export const ViewEnforcementMode = [
  'HideWithDefaultOn',
  'HideWithDefaultOff',
  'ShowWithDefaultOn',
  'ShowWithDefaultOff',
] as const;
export type ViewEnforcementMode = (typeof ViewEnforcementMode)[number];

export const VerificationMode = ['ON', 'OFF', 'DefaultSelectiveON', 'DefaultSelectiveOFF'] as const;
export type VerificationMode = (typeof VerificationMode)[number];

export const ChartScope = ['user', 'group', 'all', 'groupuser'] as const;
export type ChartScope = (typeof ChartScope)[number];
export const ChartType = ['summary', 'weekly'] as const;
export type ChartType = (typeof ChartType)[number];
export const WEEKLY_SERIES = [
  'received',
  'rejected',
  'signed',
  'pending',
  'created',
  'stopped',
  'completed',
] as const;
/** For the user or group scope only these series are shown (spec §9). */
export const WEEKLY_SERIES_USER_OR_GROUP = ['pending', 'created', 'stopped', 'completed'] as const;

export const TagColour = ['selected', 'configured', 'remaining', 'invalid'] as const;
export const NAME_PREFIXES = ['Mr.', 'Mrs.', 'Ms.', 'Miss.', 'Dr.', 'Prof.', 'Pres.', 'Atty.'] as const;
export const SIGNATURE_PAD_TYPES = ['Topaz', 'On-Screen'] as const;

/** Sign tag ids (spec §3). */
export const SignTagId = {
  SIGN: 5,
  SIGNER_NAME: 1,
  REASONS: 4,
  TIME_STAMP: 2,
  USER_UUID: 8,
  USERNAME: 7,
} as const;

/** Page sizes in PDF points (1/72 inch), portrait. */
export const PAGE_SIZES = {
  A3: { width: 841.89, height: 1190.55 },
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
  LETTER: { width: 612, height: 792 },
  LEGAL: { width: 612, height: 1008 },
} as const;

/** Allowed upload formats (spec §5), by extension. */
export const ALLOWED_EXTENSIONS = [
  'pdf',
  'xml',
  'jpg',
  'jpeg',
  'jpeg2000',
  'png',
  'bmp',
  'tiff',
  'gif',
  'tif',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
] as const;

/** Email address pattern (spec §5: "a standard address pattern"), the WHATWG one. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** The longest email address accepted (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Whether a typed address is one `EmailSchema` accepts (trimmed, any case): for a form that
 * checks as the person types without loading the schemas.
 */
export function isEmailAddress(value: string): boolean {
  const address = value.trim();
  return address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address.toLowerCase());
}
/** Contact number (spec §5): optional 1–2 digit country prefix, then 3+3+4 digits. */
export const CONTACT_NUMBER_PATTERN = /^(?:\+?\d{1,2}[\s-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

/**
 * Font families a tag can use (spec §3: a font family has a name and the url of a TrueType font).
 * The PDF engine ships these (Noto, OFL-1.1) and falls back across them for any script, so a
 * Hindi or Chinese value renders whichever family is chosen.
 */
export const FONT_FAMILIES = [
  { value: 'noto-sans', name: 'Noto Sans' },
  { value: 'noto-sans-devanagari', name: 'Noto Sans Devanagari' },
  { value: 'noto-sans-sc', name: 'Noto Sans SC' },
  { value: 'noto-sans-arabic', name: 'Noto Sans Arabic' },
] as const;

/**
 * The signing passcode behind a person's `passcodeFlag` (signing-passcode.ts): 6 to 12 digits.
 * Wrong passcodes in a row after which stamp use is locked, and for how long.
 */
export const SIGNING_PASSCODE_PATTERN = /^\d{6,12}$/;
export const SIGNING_PASSCODE_MAX_ATTEMPTS = 5;
export const SIGNING_PASSCODE_LOCK_MINUTES = 15;
