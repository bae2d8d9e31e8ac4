import { Code, type Document, type SkyDriveFilesBody } from '@signet/contracts';
import { findTenant } from '../../../db/repositories/tenants.ts';
import type { Actor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import type { Deps } from '../../deps.ts';
import { authorizeInTenant } from '../../policy.ts';
import { microsoftSettings } from '../../tenants/onedrive-app.ts';
import { readTenantSettings } from '../../tenants/tenant-settings.ts';
import { MAX_UPLOAD_BYTES, uploadDocuments } from '../upload-document.ts';
import { type GraphDrive, graphDrive, tooLarge } from './graph-drive.ts';

/**
 * `POST /v1/skydrivefiles`: files the user picked in OneDrive become documents exactly as an
 * upload does (same limits, same conversion, same library). Each item is fetched through
 * Microsoft Graph with the user's delegated token, which is used for these calls only. Items are
 * taken in order (only where the tenant set up its Microsoft app: -177 otherwise); a failing item answers its code with the documents already added as `data.added`.
 */
export async function addSkyDriveFiles(
  actor: Actor,
  body: SkyDriveFilesBody,
  deps: Deps,
  drive: GraphDrive = graphDrive({
    outbound: deps.outbound,
    baseUrl: microsoftSettings(deps).graphBaseUrl,
    accessToken: body.accessToken,
  }),
): Promise<Document[]> {
  authorizeInTenant(actor, 'documents.upload');
  const tenantId = actor.tenantId;
  const tenant = await deps.db.withTenant(tenantId, (tx) => findTenant(tx, tenantId));
  if (!readTenantSettings(tenant?.settings).oneDrive)
    throw new AppError(Code.EXTENSION_NOT_ENABLED, 'OneDrive is not set up for this tenant');
  const added: Document[] = [];
  for (const item of body.items) {
    try {
      const file = await drive.file(item);
      if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(MAX_UPLOAD_BYTES);
      const one = async function* () {
        yield { fileName: file.name, bytes: () => drive.content(item, MAX_UPLOAD_BYTES) };
      };
      added.push(...(await uploadDocuments(actor, one(), deps)));
    } catch (error) {
      if (!(error instanceof AppError) || added.length === 0) throw error;
      throw new AppError(error.code, error.message, {
        data: { added, failedItemId: item.id },
        ...(error.httpStatus ? { httpStatus: error.httpStatus } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      });
    }
  }
  if (added.length === 0) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED);
  return added;
}
