/**
 * `signet-pdf <command> …`: dispatches to `commands/<name>.ts`, each exporting
 * `run(args): Promise<number>` (the exit status).
 */
const COMMANDS = ['info', 'ingest', 'stamp', 'sign', 'verify'] as const;
type Command = (typeof COMMANDS)[number];

function isCommand(s: string | undefined): s is Command {
  return (COMMANDS as readonly string[]).includes(s ?? '');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!isCommand(name)) {
    process.stderr.write(`usage: signet-pdf <${COMMANDS.join('|')}> … [--json]\n`);
    return 2;
  }
  const mod = (await import(`./commands/${name}.ts`)) as { run(args: string[]): Promise<number> };
  return mod.run(rest);
}

process.exitCode = await main(process.argv.slice(2));
