import {
  DirectoryRunSchema,
  DirectorySettingsSchema,
  DirectoryTestResultSchema,
  SaveDirectorySettingsSchema,
} from '@signet/contracts';
import { z } from 'zod';
import {
  getDirectorySettings,
  saveDirectorySettings,
  testDirectoryConnection,
} from '../../../domain/directory/directory-settings.ts';
import { listSyncRuns, startUserSyncUp } from '../../../domain/directory/start-sync.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Directory'];

/** User sync-up from the tenant's LDAP directory (spec §7 `POST /v2/startUserSyncUp`; admins). */
export const directoryRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v2/userSyncUp/settings',
    operationId: 'getDirectorySettings',
    auth: 'user',
    summary: "The tenant's LDAP directory connection (never its bind password)",
    tags,
    response: DirectorySettingsSchema,
    handler: ({ actor, deps }) => getDirectorySettings(actor, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/userSyncUp/settings',
    operationId: 'saveDirectorySettings',
    auth: 'user',
    summary:
      'Saves the directory connection; bindPassword left out keeps the stored one, "" removes it (-6 for an address Signet does not call)',
    tags,
    body: SaveDirectorySettingsSchema,
    response: DirectorySettingsSchema,
    handler: ({ body, actor, deps }) => saveDirectorySettings(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/userSyncUp/test',
    operationId: 'testDirectoryConnection',
    auth: 'user',
    summary:
      'Binds and searches with these settings and says what it found; changes nothing (-1303 when it fails)',
    tags,
    body: SaveDirectorySettingsSchema,
    response: DirectoryTestResultSchema,
    errors: [422],
    handler: ({ body, actor, deps }) => testDirectoryConnection(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/startUserSyncUp',
    operationId: 'startUserSyncUp',
    auth: 'user',
    summary:
      'Queues a sync-up of the members from the directory; the run reports its progress in GET /v2/userSyncUp/runs (-1301 not set up, -1302 one is running)',
    tags,
    response: DirectoryRunSchema,
    handler: ({ actor, deps }) => startUserSyncUp(actor, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/userSyncUp/runs',
    operationId: 'listDirectorySyncRuns',
    auth: 'user',
    summary: 'The latest sync-up runs, newest first, with progress counts and summary',
    tags,
    response: z.object({ runs: z.array(DirectoryRunSchema) }),
    handler: ({ actor, deps }) => listSyncRuns(actor, deps),
  }),
];
