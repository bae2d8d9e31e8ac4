import type { Document, SkyDriveItem } from '@signet/contracts';
import { api } from '../../app/session/client.ts';

/** `POST /v1/skydrivefiles` for one picked item: the server fetches it from OneDrive and adds it as an upload. */
export function addOneDriveFile(accessToken: string, item: SkyDriveItem): Promise<Document> {
  return api
    .request<Document[]>('POST', '/v1/skydrivefiles', { body: { accessToken, items: [item] } })
    .then((docs) => docs[0] as Document);
}
