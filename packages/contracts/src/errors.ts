/**
 * The error catalogue of spec §8: every response code with its meaning and the HTTP status the
 * client expects. This is the only place a code number is written down; everything else refers
 * to `Code.X`.
 *
 * HTTP statuses follow the client table of spec §8. The client looks at the code first and at
 * the status only for codes it does not know, so the status is chosen to be right for generic
 * HTTP clients too: -27 is 401 so any client refreshes; the other token failures are 401 with
 * a code that tells our client to clear the session instead; a missing token and a role that
 * lacks the permission are 403; -88 is 403 (licence); business refusals are 4xx by kind.
 */
const catalogue = {
  SUCCESS: [1, 200, 'Success'],
  HASH_GENERATED: [2, 200, 'The document digest was generated; sign it and send the signature back'],
  CUSTODIAN_LIMIT_EXCEEDED: [100, 409, "The tenant's custodian limit is reached"],

  GENERIC_ERROR: [-1, 400, 'The request could not be completed'],
  SYSTEM_ERROR: [-2, 500, 'Unexpected server error'],
  USER_NOT_FOUND: [-3, 404, 'The user does not exist'],
  INVALID_ACCESS_TOKEN: [-5, 401, 'The access token is not valid'],
  INVALID_INPUT: [-6, 400, 'The request is not valid'],
  SESSION_ENDED: [-7, 401, 'The session was ended (logged out or revoked)'],
  NO_CERTIFICATE: [-9, 404, 'No CSR was generated or the user has no certificate'],
  NOT_AUTHORIZED: [-11, 403, 'Not authorized for this action'],
  WRONG_ANSWER: [-12, 400, 'Wrong answer to the security question or document code'],
  USER_DISABLED: [-13, 403, 'The account is disabled'],
  USER_LOCKED: [-14, 403, 'The account is locked after too many failed sign-ins'],
  USER_EXPIRED: [-15, 403, 'The account has expired'],
  INVALID_PASSWORD: [-16, 400, 'The password is wrong or does not meet the password policy'],
  WRONG_OLD_PASSWORD: [-17, 400, 'The current password is wrong'],
  DATA_INTEGRITY: [-22, 409, 'The change conflicts with existing data'],
  EPAK_REJECTED: [-23, 409, 'The ePak was rejected'],
  PERMANENT_STORAGE_ENABLED: [-25, 409, 'Permanent storage is enabled; the item cannot be removed'],
  TOKEN_IP_MISMATCH: [-26, 401, 'The token was issued to another address'],
  TOKEN_EXPIRED: [-27, 401, 'The access token has expired; refresh the session'],
  USER_STEP_NOT_PENDING: [-28, 409, "It is not this user's turn to act on the ePak"],
  REPORT_TEMPLATE_ERROR: [-29, 400, 'The report template could not be used'],
  REPORT_TEMPLATE_MISSING: [-30, 404, 'The report template does not exist'],
  INVALID_REPORT: [-31, 400, 'The report request is not valid'],
  DUAL_SESSION: [-32, 409, 'Another session of this user is active'],
  INVITE_ALREADY_ACCEPTED: [-34, 409, 'The invitation was already accepted and cannot be cancelled'],
  INVITE_NOT_PENDING: [-35, 409, 'The invitation is not pending'],
  INVALID_JWT: [-37, 401, 'The token is not a valid JWT'],
  INVALID_EASY_SIGN_LINK: [-42, 400, 'The easy-sign link is not valid or was already used'],
  INVALID_TOKEN: [-45, 401, 'The token is not valid'],
  EPAK_DELETED: [-46, 409, 'The ePak was deleted'],
  EPAK_ARCHIVED: [-47, 409, 'The ePak is archived'],
  CONVERSION_FAILED: [-48, 422, 'The document could not be converted to PDF'],
  REASON_NOT_SELECTED: [-49, 400, 'A reason must be selected'],
  DIGITAL_POLICY_KEEP_LINKED: [-56, 409, 'A digital signing policy keeps these documents linked'],
  INVALID_DOCUMENT: [-59, 422, 'The document is not a valid or usable PDF'],
  TAG_POSITION_CHANGED: [-60, 409, 'A tag was moved after the signer received the ePak'],
  SIGNATURE_TAG_NOT_FOUND: [-62, 400, 'A signer has no signature tag'],
  WORKFLOW_TEMPLATE_EXISTS: [-63, 409, 'A workflow template with this name exists'],
  INVALID_FILE_NAME: [-67, 400, 'The file name contains a character that is not allowed'],
  EPAK_COMPLETED: [-72, 409, 'The ePak is already completed'],
  USER_NOT_ENABLED: [-73, 403, 'The user must change the password before continuing'],
  USER_NOT_REGISTERED: [-75, 409, 'The user has not completed registration'],
  INVALID_CERTIFICATE_PIN: [-77, 400, 'The certificate PIN is wrong'],
  USER_EXISTS: [-81, 409, 'The user already exists'],
  DOCUMENT_IN_USE: [-82, 409, 'The document is used by an ePak or a template'],
  USER_WITH_TENANT: [-85, 409, 'The user already belongs to this tenant'],
  TENANT_EXISTS: [-87, 409, 'A tenant with this name exists'],
  TRIAL_EXPIRED: [-88, 403, "The tenant's licence or trial has expired"],
  NO_NEW_DOCUMENT_ATTACHED: [-109, 400, 'No new document was attached'],
  AUTO_PLACEMENT_NOT_FOUND: [-125, 422, 'The auto-placement text was not found in the document'],
  UNPARSEABLE_DATA: [-136, 400, 'The data could not be parsed'],
  WRONG_OTP: [-138, 400, 'The one-time code is wrong'],
  DUPLICATE_MANAGER_GROUP: [-141, 409, 'The user already manages a group of this name'],
  SIGNATURE_UPLOAD_SIZE: [-142, 413, 'The signature image is too large'],
  CSV_RECORD_LIMIT: [-143, 400, 'The CSV file has more records than allowed'],
  QUARTERLY_RETENTION_LIST: [-148, 409, 'The ePak is on the quarterly retention list'],
  RETENTION_REPORT_NEEDS_ADMIN: [-149, 403, 'Only an admin can run the retention report'],
  ARCHIVAL_TAG_EXISTS: [-150, 409, 'The archival tag is already added'],
  VERIFICATION_DELEGATE_ERROR: [-151, 400, 'Delegation failed verification'],
  VERIFICATION_SIGN_ERROR: [-152, 400, 'Signing failed verification'],
  INVALID_SIGN_AUTH_TOKEN: [-160, 400, 'The signing authorization token is not valid'],
  EXPIRED_SIGN_AUTH_TOKEN: [-161, 410, 'The signing authorization token has expired'],
  DELEGATION_NOT_ALLOWED: [-163, 409, 'Delegation is not allowed here'],
  REGISTRATION_PENDING: [-164, 409, 'The registration is pending'],
  CANNOT_DELETE_MANAGER: [-165, 409, 'A group manager cannot be removed this way'],
  COMPOSE_DOCUMENT_USED: [-169, 409, 'The document is already used in an ePak'],
  TEAMROOM_UNLOCK_IN_PROGRESS: [-170, 409, 'A team-room document in an in-progress ePak cannot be unlocked'],
  ALREADY_GROUP_MANAGER: [-172, 409, 'The user is already a manager of this group'],
  INVITATION_CANCELLED: [-173, 409, 'The invitation was cancelled'],
  DOCUMENT_ALREADY_ADDED: [-176, 409, 'The document is already added'],
  EXTENSION_NOT_ENABLED: [-177, 415, 'This file type is not enabled or its converter is not installed'],
  TRANSACTION_TIMEOUT: [-179, 504, 'The operation took too long'],
  CSV_HEADERS_MISSING: [-181, 400, 'The CSV file lacks mandatory headers'],
  EMPTY_FILE: [-182, 400, 'The imported file is empty'],
  WEBFORM_MAPPING_LINKED: [-183, 409, 'A web-form mapping is linked to this item'],
  DOCUMENT_SIZE_MISMATCH: [-189, 409, 'The document does not match the template (page count or size)'],
  INVALID_OTP_ID: [-196, 400, 'The one-time code request is unknown'],
  OTP_RETRY_TIMEOUT: [-198, 429, 'A new one-time code cannot be requested yet'],
  TWO_FACTOR_REQUIRED: [-200, 403, 'A one-time code is required to finish signing in'],
  STAMP_PAPER_EXISTS: [-203, 409, 'A stamp paper with the same UUID exists'],
  BULK_STAMP_DATE_ERROR: [-209, 400, 'The bulk stamp date is not valid'],
  DSC_ERROR: [-215, 422, 'The externally made signature could not be used'],
  LANDSCAPE_ORIENTATION: [-216, 422, 'Landscape pages are not supported here'],
  MAX_OTP_ATTEMPTS: [-217, 429, 'Too many one-time code attempts'],
  PARTIAL_FAILURE: [-222, 207, 'Some items failed'],
  TEAMROOM_NAME_EXISTS: [-224, 409, 'A team room with this name exists'],
  BULK_ROLE_UPDATE_ERROR: [-226, 400, 'The bulk role update failed'],
  MAX_PASSWORD_RESETS: [-227, 429, 'Too many password reset requests'],
  PAGE_LIMIT_EXCEEDED: [-241, 413, 'The document has more pages than allowed'],
  WRONG_PASSWORD: [-1004, 400, 'Wrong password'],
  TEAMROOM_MISSING: [-1005, 404, 'The team room does not exist'],
  DOCUMENT_MISSING: [-1006, 404, 'The document does not exist'],
  // Single sign-on (issue 30): the provider vouched for an account not yet bound to it in this
  // tenant; its data carries a token to confirm once with the account's password.
  SSO_LINK_REQUIRED: [-1201, 403, 'Confirm with your Signet password once to sign in through this provider'],

  // Directory sync-up (issue 12): conditions the spec has no code for.
  DIRECTORY_NOT_CONFIGURED: [-1301, 409, 'No directory connection is set up for this tenant'],
  DIRECTORY_SYNC_RUNNING: [-1302, 409, 'A directory sync-up is already running for this tenant'],
  DIRECTORY_UNREACHABLE: [
    -1303,
    422,
    'The directory could not be reached, refused the sign-in or the search',
  ],

  // Verification (issue 15): a QR code's link that no document here issued.
  QR_NOT_GENUINE: [-1401, 400, 'The QR code was not issued here or was altered'],

  // Operating a fleet (issue 16): GET /public/ready when a check fails.
  NOT_READY: [
    -1601,
    503,
    'The server is not ready: the database, its migrations or the blob storage failed a check',
  ],

  // Bulk compose (CSV) file-level codes.
  CSV_MIN_SIGNERS: [-171, 400, 'The CSV row has fewer signers than the workflow needs'],
  CSV_SIGNER_COUNT_MISMATCH: [-107, 400, "The CSV signer count does not match the workflow's"],
  CSV_VALIDATION: [-174, 400, 'The CSV file failed validation'],
  CSV_HEADER_COUNT_MISMATCH: [-175, 400, 'The CSV header count does not match'],
} as const satisfies Record<string, readonly [number, number, string]>;

export type CodeName = keyof typeof catalogue;
type CodeOf<K extends CodeName> = (typeof catalogue)[K][0];

/** `Code.EPAK_REJECTED === -23`: the numeric response codes by name. */
export const Code = Object.fromEntries(Object.entries(catalogue).map(([name, [code]]) => [name, code])) as {
  readonly [K in CodeName]: CodeOf<K>;
};
export type Code = CodeOf<CodeName>;

export interface CodeInfo {
  name: CodeName;
  code: Code;
  http: number;
  meaning: string;
}

const byCode = new Map<number, CodeInfo>(
  Object.entries(catalogue).map(([name, [code, http, meaning]]) => [
    code,
    { name: name as CodeName, code: code as Code, http, meaning },
  ]),
);

/** Meaning and HTTP status of a code; unknown codes are treated as a system error. */
export function codeInfo(code: number): CodeInfo {
  return byCode.get(code) ?? (byCode.get(Code.SYSTEM_ERROR) as CodeInfo);
}

export function isKnownCode(code: number): code is Code {
  return byCode.has(code);
}

/** Every code of the catalogue, for documentation and tests. */
export const allCodes: readonly CodeInfo[] = [...byCode.values()];

/**
 * Bulk compose CSV row codes (spec §8): per-field problems of one row. They reuse small numbers
 * that mean something else as response codes, so they live in their own namespace.
 */
export const CsvRowCode = {
  EMAIL: -1,
  FIRST_NAME: -2,
  LAST_NAME: -3,
  PHONE: -4,
  COUNTRY_CODE: -5,
} as const;
export type CsvRowCode = (typeof CsvRowCode)[keyof typeof CsvRowCode];

/**
 * Card and remote-signature provider codes (spec §8, 101–911). The spec names seven; 101, 102
 * and 401 stand for its "wrong or missing parameter and unauthorized".
 */
export const ProviderCode = {
  MISSING_PARAMETER: 101,
  WRONG_PARAMETER: 102,
  UNAUTHORIZED: 401,
  PIN_BLOCKED: 402,
  CARD_BLOCKED: 403,
  NO_CERTIFICATE: 422,
  REVOKED: 501,
  IN_PROCESS: 504,
  INTERNAL_ERROR: 900,
  CONNECTION_TIMEOUT: 911,
} as const;
export type ProviderCode = (typeof ProviderCode)[keyof typeof ProviderCode];

/** Client-side statuses of /accessdenied (spec §2). */
export const AccessDeniedStatus = [
  'expired',
  'unauthorized',
  'licenseexpired',
  'servererror',
  'forbidden',
] as const;
export type AccessDeniedStatus = (typeof AccessDeniedStatus)[number];

/** Codes after which the client clears the session and shows `unauthorized` (spec §8). */
export const SESSION_INVALID_CODES: readonly number[] = [
  Code.INVALID_ACCESS_TOKEN,
  Code.SESSION_ENDED,
  Code.NOT_AUTHORIZED,
  Code.TOKEN_IP_MISMATCH,
  Code.INVALID_JWT,
];
