import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pageImageSandboxed, SandboxPool } from '@signet/pdf';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { createOutboundClient, type HostResolver } from './adapters/http/safe-http.ts';
import { createKeyVault, loadMasterKey } from './adapters/keys/master-key.ts';
import { readRootsFile } from './adapters/keys/trusted-roots.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { redisFailureStore } from './adapters/redis/redis-failure-store.ts';
import { createSigningProviders } from './adapters/signing/signing-providers.ts';
import type { BlobStore } from './adapters/storage/blob-store.ts';
import { createFsBlobStore } from './adapters/storage/fs-blob-store.ts';
import { createS3BlobStore } from './adapters/storage/s3-blob-store.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { BULK_COMPOSE_PROGRESS_CHANNEL } from './db/repositories/bulk-compose.ts';
import {
  countTenants,
  ensureInstanceSetting,
  getInstanceSetting,
  setInstanceSetting,
} from './db/repositories/tenants.ts';
import { playDemoHistory } from './demo/demo-history.ts';
import { DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USERS, seedDemo } from './demo/seed-demo.ts';
import { argon2idHasher, type PasswordHasher } from './domain/auth/passwords.ts';
import { memoryFailureStore, SignInThrottle } from './domain/auth/sign-in-throttle.ts';
import { createTokenSigner } from './domain/auth/tokens.ts';
import { type Clock, systemClock } from './domain/clock.ts';
import type { Deps } from './domain/deps.ts';
import { PagePictures } from './domain/documents/page-pictures.ts';
import { NOTIFICATION_PATH } from './domain/tenants/configuration.ts';
import { buildApp } from './http/build-app.ts';
import { createNotificationHub, NOTIFICATION_CHANNEL } from './http/notification-socket.ts';
import { startJobs } from './jobs/job-runner.ts';
import { makeDataDirPrivate } from './ops/private-files.ts';

export interface ServerOptions {
  config: Config;
  /** An open database (tests); otherwise opened from the configuration. */
  db?: Database;
  clock?: Clock;
  passwords?: PasswordHasher;
  logger?: Logger | false;
  blobs?: BlobStore;
  /** The PDF sandbox pool (tests inject one with a seam); made from the configuration otherwise. */
  sandbox?: SandboxPool;
  /** How the outbound client resolves host names (tests script DNS answers); the system's otherwise. */
  resolveHost?: HostResolver;
  /** Play the demo tenant's weeks of history when the demo is seeded (`npm start`; tests leave it off). */
  demoHistory?: boolean;
}

export type SignetServer = Awaited<ReturnType<typeof createServer>>;

/** Wires configuration, database, adapters and use cases into a ready HTTP application. */
export async function createServer(options: ServerOptions) {
  const { config } = options;
  const log =
    options.logger === undefined
      ? pino({ level: config.logLevel })
      : options.logger || pino({ level: 'silent' });
  const clock = options.clock ?? systemClock;
  const passwords = options.passwords ?? argon2idHasher;
  // DATA_DIR holds the embedded database, the blobs and the generated master key in clear: the
  // service user's alone (0700), including what an older version left readable. PGlite makes its
  // files 0666 whatever the umask (inside the 0700 folder), so they are closed again on stop.
  const embedded = !options.db && !config.databaseUrl;
  const dataDirUsed = embedded || (!options.blobs && !config.s3) || !config.masterKey;
  async function closeDataDir() {
    const { tightened, failed } = await makeDataDirPrivate(config.dataDir);
    if (tightened > 0) log.info({ tightened }, `closed ${tightened} entries of ${config.dataDir} to others`);
    if (failed.length > 0)
      log.warn(
        { failed: failed.slice(0, 10) },
        `${failed.length} entries of ${config.dataDir} are another user's`,
      );
  }
  if (dataDirUsed) await closeDataDir();
  const db =
    options.db ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
    ));

  const demo = await prepareDemo(db, config, passwords, clock, log);
  // Generated once and kept in the database, so every process of an installation agrees.
  const jwtSecret =
    config.jwtSecret ??
    (await ensureInstanceSetting(db.system, 'jwtSecret', randomBytes(48).toString('base64url')));
  const clientSecret =
    config.clientSecret ??
    (demo
      ? DEMO_CLIENT_SECRET
      : await ensureInstanceSetting(db.system, 'clientSecret', randomBytes(24).toString('base64url')));

  const blobs =
    options.blobs ??
    (config.s3 ? createS3BlobStore(config.s3) : createFsBlobStore(join(config.dataDir, 'blobs')));
  const vault = createKeyVault(loadMasterKey(config.masterKey, config.dataDir, (msg) => log.warn(msg)));
  const mailer: Mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    blobs,
    vault,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const sandbox =
    options.sandbox ??
    new SandboxPool({
      ...(config.sandboxWorkers ? { workers: config.sandboxWorkers } : {}),
      ...(config.sandboxQueuePerTenant ? { maxQueuedPerTenant: config.sandboxQueuePerTenant } : {}),
    });
  const deps: Deps = {
    db,
    clock,
    passwords,
    tokens: createTokenSigner(jwtSecret, clock),
    mailer,
    blobs,
    vault,
    remoteSigning: createSigningProviders(config.signingProviders),
    outbound: createOutboundClient({
      allow: config.outboundAllow,
      ...(options.resolveHost ? { resolve: options.resolveHost } : {}),
    }),
    signInThrottle: new SignInThrottle(
      redis ? redisFailureStore(redis, config.redisPrefix) : memoryFailureStore(),
    ),
    sandbox,
    pagePictures: new PagePictures((pdf, page, tenant) =>
      pageImageSandboxed(pdf, page, { pool: sandbox, tenant }),
    ),
    log,
    settings: {
      appUrl: config.appUrl,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      bindTokenToIp: config.bindTokenToIp,
      clientId: config.clientId,
      clientSecret,
      allowSignup: config.allowSignup,
      tsaUrl: config.tsaUrl,
      trustedRoots: {
        platform: readRootsFile(config.trustListFile),
        national: readRootsFile(config.nationalRootsFile),
      },
      sofficePath: config.sofficePath,
      microsoft: config.microsoft,
      verifyFetchRevocation: config.verifyFetchRevocation,
    },
  };
  const hub = createNotificationHub();
  const app = await buildApp(deps, {
    redis: redis ? { client: redis, prefix: config.redisPrefix } : null,
    trustProxy: config.trustProxy,
    logger: options.logger === false ? false : log,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    webDistDir: config.webDistDir,
    extraApiPrefixes: config.extraApiPrefixes,
    metricsToken: config.metricsToken,
    notifications: { path: NOTIFICATION_PATH, hub },
  });
  const stopListening = await db.listen(NOTIFICATION_CHANNEL, (payload) => hub.publish(payload));
  const stopBulkProgress = await db.listen(BULK_COMPOSE_PROGRESS_CHANNEL, (payload) =>
    hub.publishBulkCompose(payload),
  );
  // Mail that could not be sent earlier (SMTP down, process stopped) goes now, then with the
  // mail job every minute.
  mailer.kick();
  // Before the jobs start: the history's own clock decides what has expired or is sealed when.
  if (demo && options.demoHistory) await playDemoHistory(deps);
  const jobs = config.jobs ? await startJobs(db, deps, log) : null;

  return {
    app,
    deps,
    demo,
    jobs,
    async close() {
      await jobs?.stop();
      hub.closeAll();
      // A database already gone (closed, restarting) has no listeners left to stop.
      await stopListening().catch(() => undefined);
      await stopBulkProgress().catch(() => undefined);
      await app.close();
      // An injected pool belongs to whoever made it.
      if (!options.sandbox) await deps.sandbox.close();
      await redis?.quit();
      await mailer.close();
      if (!options.db) await db.close();
      if (embedded) await closeDataDir();
    },
  };
}

/**
 * Demo data: always with SIGNET_DEMO=1, never with SIGNET_DEMO=0, otherwise on the first start
 * (an empty database). The installation remembers it is a demo, which keeps the demo client
 * secret.
 */
async function prepareDemo(
  db: Database,
  config: Config,
  passwords: PasswordHasher,
  clock: Clock,
  log: Logger,
): Promise<boolean> {
  if (config.demo === false) return false;
  const wasDemo = (await getInstanceSetting<boolean>(db.system, 'demoMode')) === true;
  if (config.demo !== true && !wasDemo && (await countTenants(db.system)) > 0) return false;
  const created = await seedDemo(db, passwords, clock.now());
  await setInstanceSetting(db.system, 'demoMode', true);
  if (created.length > 0) {
    log.info({ users: created }, 'demo data created');
    const lines = DEMO_USERS.filter((u) => created.includes(u.email)).map(
      (u) => `  ${u.email.padEnd(24)} ${u.role}${u.passcode ? `, signing passcode ${u.passcode}` : ''}`,
    );
    // The secret in force: SIGNET_CLIENT_SECRET overrides the demo one, and is not printed.
    const secret = config.clientSecret ? '(the secret set in SIGNET_CLIENT_SECRET)' : DEMO_CLIENT_SECRET;
    process.stdout.write(
      `\nSignet demo users (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\nOAuth client for /msbapi/public/token: ${config.clientId} / ${secret}\n\n`,
    );
  }
  return true;
}
