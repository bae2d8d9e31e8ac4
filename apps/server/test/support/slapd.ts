import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../../scripts/free-port.ts';

const run = promisify(execFile);

export const LDAP_SUFFIX = 'dc=example,dc=test';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'slapd-admin-secret';

export interface Slapd {
  /** `ldap://127.0.0.1:<port>` */
  url: string;
  /** Adds entries (LDIF, as `ldapadd` takes it). */
  add(ldif: string): Promise<void>;
  /** Changes entries (LDIF with `changetype`, as `ldapmodify` takes it). */
  modify(ldif: string): Promise<void>;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** An inetOrgPerson under ou=people. */
export function personLdif(uid: string, first: string, last: string, email: string | null): string {
  return [
    `dn: uid=${uid},ou=people,${LDAP_SUFFIX}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${first} ${last}`,
    `givenName: ${first}`,
    `sn: ${last}`,
    ...(email ? [`mail: ${email}`] : []),
    '',
  ].join('\n');
}

/** A groupOfNames under ou=groups with these uids as members. */
export function groupLdif(cn: string, uids: string[]): string {
  return [
    `dn: cn=${cn},ou=groups,${LDAP_SUFFIX}`,
    'objectClass: groupOfNames',
    `cn: ${cn}`,
    ...uids.map((uid) => `member: uid=${uid},ou=people,${LDAP_SUFFIX}`),
    '',
  ].join('\n');
}

export const peopleDn = (uid: string) => `uid=${uid},ou=people,${LDAP_SUFFIX}`;

/**
 * A real OpenLDAP server (Debian's `slapd`, mdb backend) on a free loopback port in a temporary
 * folder, with the suffix, `ou=people` and `ou=groups` and then `fixture` loaded with `ldapadd`.
 * `stop` ends the process and removes the folder.
 */
export async function startSlapd(fixture = ''): Promise<Slapd> {
  const dir = await mkdtemp(join(tmpdir(), 'signet-slapd-'));
  await mkdir(join(dir, 'data'));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const config = join(dir, 'slapd.conf');
  await writeFile(
    config,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${join(dir, 'data')}`,
      'maxsize 67108864',
      '',
    ].join('\n'),
  );
  // -d keeps slapd in the foreground, so it is this process's child and ends with it.
  const child: ChildProcess = spawn('/usr/sbin/slapd', ['-f', config, '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`slapd did not listen on ${url}: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  async function ldap(command: 'ldapadd' | 'ldapmodify', ldif: string): Promise<void> {
    const file = join(dir, `${command}-${Date.now()}-${Math.random().toString(36).slice(2)}.ldif`);
    await writeFile(file, ldif);
    await run(command, ['-x', '-H', url, '-D', LDAP_ADMIN_DN, '-w', LDAP_ADMIN_PASSWORD, '-f', file]);
  }

  await ldap(
    'ldapadd',
    [
      `dn: ${LDAP_SUFFIX}`,
      'objectClass: dcObject',
      'objectClass: organization',
      'dc: example',
      'o: Example',
      '',
      `dn: ou=people,${LDAP_SUFFIX}`,
      'objectClass: organizationalUnit',
      'ou: people',
      '',
      `dn: ou=groups,${LDAP_SUFFIX}`,
      'objectClass: organizationalUnit',
      'ou: groups',
      '',
      fixture,
    ].join('\n'),
  );

  return {
    url,
    add: (ldif) => ldap('ldapadd', ldif),
    modify: (ldif) => ldap('ldapmodify', ldif),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
