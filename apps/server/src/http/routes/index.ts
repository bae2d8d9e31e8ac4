import type { AnyRoute } from '../route.ts';
import { otpRoutes } from './auth/otp-routes.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { sessionRoutes } from './auth/session-routes.ts';
import { tokenRoutes } from './auth/token-routes.ts';
import { bulkComposeRoutes } from './bulk-compose/bulk-compose-routes.ts';
import { compareRoutes } from './compare/compare-routes.ts';
import { compatComposeRoutes } from './compat/compose-routes.ts';
import { configurationRoutes } from './configuration/configuration-routes.ts';
import { convertRoutes } from './convert/convert-routes.ts';
import { directoryRoutes } from './directory/directory-routes.ts';
import { documentRoutes } from './documents/document-routes.ts';
import { skyDriveRoutes } from './documents/skydrive-routes.ts';
import { epakRoutes } from './epaks/epak-routes.ts';
import { lifecycleRoutes } from './epaks/lifecycle-routes.ts';
import { groupRoutes } from './groups/group-routes.ts';
import { integrationRoutes } from './integrations/integration-routes.ts';
import { publicRoutes } from './public/public-routes.ts';
import { reportRoutes } from './reports/report-routes.ts';
import { rubberStampRoutes } from './rubber-stamps/rubber-stamp-routes.ts';
import { aadhaarRoutes } from './signing/aadhaar-routes.ts';
import { indianServicesRoutes } from './signing/indian-services-routes.ts';
import { ssoRoutes } from './sso/sso-routes.ts';
import { stampPaperRoutes } from './stamp-papers/stamp-paper-routes.ts';
import { teamroomRoutes } from './teamrooms/teamroom-routes.ts';
import { templateRoutes } from './templates/template-routes.ts';
import { tenantRoutes } from './tenants/tenant-routes.ts';
import { invitationRoutes } from './users/invitation-routes.ts';
import { publicProfileRoutes } from './users/public-profile-routes.ts';
import { signaturePhotoRoutes } from './users/signature-photo-routes.ts';
import { signingPasscodeRoutes } from './users/signing-passcode-routes.ts';
import { signingProfileRoutes } from './users/signing-profile-routes.ts';
import { userRoutes } from './users/user-routes.ts';
import { verifyRoutes } from './verify/verify-routes.ts';
import { webformRoutes } from './webforms/webform-routes.ts';
import { webhookRoutes } from './webhooks/webhook-routes.ts';

/** Every API route, registered under each API prefix. */
export const apiRoutes: readonly AnyRoute[] = [
  ...publicRoutes,
  ...tokenRoutes,
  ...sessionRoutes,
  ...otpRoutes,
  ...passwordRoutes,
  ...userRoutes,
  ...invitationRoutes,
  ...signingProfileRoutes,
  ...signingPasscodeRoutes,
  ...signaturePhotoRoutes,
  ...publicProfileRoutes,
  ...groupRoutes,
  ...tenantRoutes,
  ...configurationRoutes,
  ...documentRoutes,
  ...epakRoutes,
  ...lifecycleRoutes,
  ...templateRoutes,
  ...bulkComposeRoutes,
  ...compatComposeRoutes,
  ...integrationRoutes,
  ...webformRoutes,
  ...directoryRoutes,
  ...webhookRoutes,
  ...ssoRoutes,
  ...teamroomRoutes,
  ...rubberStampRoutes,
  ...verifyRoutes,
  ...compareRoutes,
  ...convertRoutes,
  ...reportRoutes,
  ...skyDriveRoutes,
  ...aadhaarRoutes,
  ...indianServicesRoutes,
  ...stampPaperRoutes,
];
