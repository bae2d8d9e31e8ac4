import { DocumentSchema, SkyDriveFilesBodySchema } from '@signet/contracts';
import { z } from 'zod';
import { addSkyDriveFiles } from '../../../domain/documents/onedrive/skydrive-files.ts';
import { defineRoute } from '../../route.ts';

export const skyDriveRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/skydrivefiles',
    operationId: 'addSkyDriveFiles',
    auth: 'user',
    summary:
      'Adds files picked in OneDrive as documents (as an upload): the body carries the user’s Microsoft ' +
      'Graph token (never stored) and the drive items; -45 (HTTP 424) when the Microsoft sign-in has ' +
      'expired, -179 (503, Retry-After) when Microsoft keeps throttling, upload codes otherwise',
    tags: ['Documents'],
    body: SkyDriveFilesBodySchema,
    response: z.array(DocumentSchema),
    handler: ({ body, actor, deps }) => addSkyDriveFiles(actor, body, deps),
  }),
];
