import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SERVER = join(import.meta.dirname, '../../server/src');
/** A file name (`document.pdf`, `template.json`) is not an action. */
const FILE_NAME = /\.(pdf|json|csv|xlsx|zip|png|jpe?g|html|txt|xml|p12|pem)$/;

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });

/**
 * The activity-log actions the server writes, read from its source (the use cases and the demo
 * seed) so a test fails when the server logs an action the app has no words for. An action is
 * written many ways — `action: 'epak.created'`, a ternary, a default parameter, a helper such as
 * `logRoom(tx, actor, 'teamroom.created', …)` — so every dotted string literal counts, except the
 * permission names of policy.ts and file names. A template literal (`document.${action}`) is expanded with the
 * `[…] as const` list of its file; one that cannot be expanded throws, so none is missed silently.
 */
export function serverActivityActions(): string[] {
  const policy = readFileSync(join(SERVER, 'domain/policy.ts'), 'utf8');
  const permissions = new Set([...policy.matchAll(/^\s*'([a-zA-Z.]+)':/gm)].map((m) => m[1]));
  const actions = new Set<string>();
  for (const file of [...sources(join(SERVER, 'domain')), ...sources(join(SERVER, 'demo'))]) {
    const text = readFileSync(file, 'utf8');
    for (const [, literal] of text.matchAll(/'([a-z][a-zA-Z]*\.[a-z][a-zA-Z]*(?:\.[a-z][a-zA-Z]*)*)'/g))
      if (literal && !permissions.has(literal) && !FILE_NAME.test(literal)) actions.add(literal);
    for (const [, prefix] of text.matchAll(/action: `([a-z][a-zA-Z]*)\.\$\{\w+\}`/g)) {
      const list = /= \[([^\]]*)\] as const/.exec(text)?.[1];
      if (!list) throw new Error(`${file}: cannot tell which actions \`${prefix}.\${…}\` writes`);
      for (const [, word] of list.matchAll(/'([a-zA-Z]+)'/g)) actions.add(`${prefix}.${word}`);
    }
  }
  return [...actions].sort();
}
