#!/usr/bin/env node
// Installs the Debian packages the tests rely on (listed in system-deps.json) when they are
// missing. Only as root on Debian; anywhere else it prints one line naming what to install,
// and the suites that need a missing tool say so when they skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const { packages } = JSON.parse(readFileSync(new URL('./system-deps.json', import.meta.url), 'utf8'));
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = packages.filter((p) => !has(p.command));
if (missing.length === 0) process.exit(0);

const names = missing.map((p) => p.package);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.warn(
    `signet: tests need Debian packages not installed here: ${names.join(' ')} (apt-get install -y ${names.join(' ')})`,
  );
  process.exit(0);
}
console.log(`signet: installing ${names.join(' ')} for the tests`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () =>
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...names], { stdio: 'inherit', env });
try {
  install();
} catch {
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  install();
}
