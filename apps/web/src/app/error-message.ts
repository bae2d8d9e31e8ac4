import { Code } from '@signet/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './session/api-client.ts';

/** Codes with a message of their own in the `errors` namespace (spec §8 message keys). */
const KEYED: Readonly<Record<number, string>> = {
  [Code.USER_DISABLED]: 'messages.USER_DISABLED_CONTACT_ADMIN',
  [Code.INVITATION_CANCELLED]: 'messages.RESPONSE_MSG_USER_INVITATION_CANCELLED',
  [Code.INVALID_PASSWORD]: 'errors.invalidPassword',
  [Code.USER_LOCKED]: 'errors.locked',
  [Code.USER_EXPIRED]: 'errors.userExpired',
  [Code.WRONG_OLD_PASSWORD]: 'errors.wrongOldPassword',
  [Code.WRONG_OTP]: 'errors.wrongOtp',
  [Code.INVALID_OTP_ID]: 'errors.invalidOtpId',
  [Code.OTP_RETRY_TIMEOUT]: 'errors.otpRetryTimeout',
  [Code.MAX_OTP_ATTEMPTS]: 'errors.maxOtpAttempts',
  [Code.INVALID_TOKEN]: 'errors.invalidLink',
  [Code.INVITE_NOT_PENDING]: 'errors.invitationAnswered',
  [Code.USER_EXISTS]: 'errors.userExists',
  [Code.TENANT_EXISTS]: 'errors.tenantExists',
  [Code.USER_NOT_REGISTERED]: 'errors.notRegistered',
  [Code.MAX_PASSWORD_RESETS]: 'errors.maxPasswordResets',
  [Code.SIGNATURE_UPLOAD_SIZE]: 'messages.maxSizeExceeded',
  [Code.INVALID_INPUT]: 'errors.invalidInput',
  [Code.INVALID_CERTIFICATE_PIN]: 'errors.invalidPin',
  [Code.USER_STEP_NOT_PENDING]: 'errors.notYourTurn',
  [Code.EPAK_REJECTED]: 'errors.epakRejected',
  [Code.EPAK_COMPLETED]: 'errors.epakCompleted',
  [Code.EPAK_DELETED]: 'errors.epakDeleted',
  [Code.EPAK_ARCHIVED]: 'errors.epakArchived',
  [Code.INVALID_EASY_SIGN_LINK]: 'errors.invalidEasySignLink',
  [Code.DSC_ERROR]: 'errors.dscError',
  [Code.REASON_NOT_SELECTED]: 'errors.reasonNotSelected',
  [Code.WRONG_ANSWER]: 'errors.wrongSecurityCode',
  [Code.EXTENSION_NOT_ENABLED]: 'errors.extensionNotEnabled',
  [Code.TAG_POSITION_CHANGED]: 'errors.tagPositionChanged',
  [Code.SIGNATURE_TAG_NOT_FOUND]: 'errors.signatureTagNotFound',
  [Code.DELEGATION_NOT_ALLOWED]: 'errors.delegationNotAllowed',
  [Code.NO_NEW_DOCUMENT_ATTACHED]: 'errors.noNewDocument',
  [Code.QR_NOT_GENUINE]: 'verify.errors.qrNotGenuine',
  [Code.CSV_HEADERS_MISSING]: 'adminUsers.errors.headersMissing',
  [Code.EMPTY_FILE]: 'adminUsers.errors.emptyFile',
  [Code.CSV_RECORD_LIMIT]: 'adminUsers.errors.tooManyRows',
  [Code.BULK_ROLE_UPDATE_ERROR]: 'adminUsers.errors.bulkRoles',
  [Code.INVITE_ALREADY_ACCEPTED]: 'adminUsers.errors.inviteAccepted',
  [Code.CUSTODIAN_LIMIT_EXCEEDED]: 'adminUsers.errors.custodianLimit',
  [Code.DUPLICATE_MANAGER_GROUP]: 'adminGroups.errors.nameTaken',
  [Code.CANNOT_DELETE_MANAGER]: 'adminGroups.errors.removeManager',
  [Code.ALREADY_GROUP_MANAGER]: 'adminGroups.errors.alreadyManager',
  [Code.DIRECTORY_NOT_CONFIGURED]: 'adminDirectory.errors.notConfigured',
  [Code.DIRECTORY_SYNC_RUNNING]: 'adminDirectory.errors.running',
  [Code.DIRECTORY_UNREACHABLE]: 'adminDirectory.errors.unreachable',
  [Code.WORKFLOW_TEMPLATE_EXISTS]: 'workflows.errors.nameTaken',
  [Code.UNPARSEABLE_DATA]: 'workflows.errors.unparseable',
  [Code.COMPOSE_DOCUMENT_USED]: 'teamrooms.errors.documentUsed',
  [Code.TEAMROOM_UNLOCK_IN_PROGRESS]: 'teamrooms.errors.unlockInProgress',
  [Code.TEAMROOM_NAME_EXISTS]: 'teamrooms.errors.nameTaken',
  [Code.TEAMROOM_MISSING]: 'teamrooms.errors.missing',
  [Code.CSV_SIGNER_COUNT_MISMATCH]: 'bulkcompose.errors.signerCount',
  [Code.CSV_HEADER_COUNT_MISMATCH]: 'bulkcompose.errors.headerCount',
  [Code.CSV_VALIDATION]: 'bulkcompose.errors.invalid',
  [Code.CSV_MIN_SIGNERS]: 'bulkcompose.rowCodes.minSigners',
  [Code.STAMP_PAPER_EXISTS]: 'stampPapers.errors.exists',
  [Code.BULK_STAMP_DATE_ERROR]: 'stampPapers.errors.bulkDate',
};

/** Placement refusals the server names by their spec message key (spec §5), with their values. */
const TAG_MESSAGE_KEYS = new Set(['tagOverlappingError', 'tagDimensionsCrossedMsg', 'pasteError']);

/** The words to show for a failed call: the code's own message, else the generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('errors.network');
    const data = (error.data ?? {}) as { key?: string; limits?: Record<string, number>; sealing?: boolean };
    // A completed ePak's documents are sealed by a job; the download is ready a moment later.
    if (data.sealing) return t('errors.stillSealing');
    if (data.key && TAG_MESSAGE_KEYS.has(data.key))
      return t(`viewer.messages.${data.key}`, data.limits ?? {});
    const key = KEYED[error.code];
    // A refused input names what was wrong; the server's words say which field.
    if (error.code === Code.INVALID_INPUT && error.message && error.message !== 'The request is not valid')
      return `${t(key ?? 'errors.invalidInput')} ${error.message}`;
    if (key) return t(key);
  }
  return t('messages.internalErrorMsg');
}
