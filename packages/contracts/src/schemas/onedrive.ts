import { z } from 'zod';
import { text } from './text.ts';

/**
 * The tenant's Microsoft app for "From OneDrive" (issue 22): the app registration's client id and
 * the Microsoft tenant it signs in against (a tenant id or domain, or `common` / `organizations` /
 * `consumers`). Stored in the tenant settings; without it compose offers no OneDrive.
 */
export const OneDriveAppSchema = z.object({
  clientId: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,100}$/, 'A client id is letters, digits and dashes'),
  authority: text()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,200}$/, 'A Microsoft tenant id, domain, common, organizations or consumers')
    .default('common'),
});
export type OneDriveApp = z.infer<typeof OneDriveAppSchema>;

/**
 * What the browser needs to offer OneDrive (`GET /v1/configuration`): the tenant's app and the
 * installation's Microsoft addresses (sign-in, the OneDrive File Picker v8).
 */
export const OneDriveConfigurationSchema = OneDriveAppSchema.extend({
  loginUrl: text(),
  pickerUrl: text(),
});
export type OneDriveConfiguration = z.infer<typeof OneDriveConfigurationSchema>;

/**
 * Microsoft Graph's drive and item ids: personal item ids are the drive's hex id, `!` and a number
 * or token (`D4648F06C91D9D3D!54927`), business ones base32 (`01BYE5RZ6QN3ZWBTUFOFD3GSPGOHDJD36K`),
 * business drive ids `b!` and base64url. No dot, slash or percent: an id is one path segment of
 * the Graph URL, and `.` / `..` would be read as the folder above (`/me/drive/items/..`).
 */
export const GRAPH_ID_PATTERN = /^[A-Za-z0-9!_-]{1,200}$/;

/** One item the picker returned: its drive and its id (as Microsoft Graph names them). */
export const SkyDriveItemSchema = z.object({
  id: text().trim().regex(GRAPH_ID_PATTERN, 'A drive item id is letters, digits, !, _ and -'),
  driveId: text().trim().regex(GRAPH_ID_PATTERN, 'A drive id is letters, digits, !, _ and -').optional(),
});
export type SkyDriveItem = z.infer<typeof SkyDriveItemSchema>;

/**
 * `POST /v1/skydrivefiles`: the user's delegated Microsoft Graph access token (used for these
 * downloads only: never stored, never logged) and the picked items, taken in order.
 */
export const SkyDriveFilesBodySchema = z.object({
  accessToken: text().trim().min(1).max(16_384),
  items: z.array(SkyDriveItemSchema).min(1).max(20),
});
export type SkyDriveFilesBody = z.infer<typeof SkyDriveFilesBodySchema>;
