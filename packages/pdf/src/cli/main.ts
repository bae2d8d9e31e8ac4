/**
 * `signet-pdf <command> …`: dispatches to `commands/<name>.ts`, each exporting
 * `run(args): Promise<number>` (the exit status).
 */
const COMMANDS = ['info', 'ingest', 'stamp', 'sign', 'verify'] as const;
type Command = (typeof COMMANDS)[number];

function isCommand(s: string | undefined): s is Command {
  return (COMMANDS as readonly string[]).includes(s ?? '');
}

const USAGE = `usage: signet-pdf <${COMMANDS.join('|')}> … [--json]

  info    <in.pdf>                          page count, revisions, encryption, signatures
  ingest  <upload> <out.pdf>                any accepted upload → a PDF that can be signed
  stamp   <in.pdf> <tags.json> <out.pdf>    draw filled tags as one incremental update
  sign    <in.pdf> <out.pdf> --p12 <key.p12> --password <pw> [--level B-B|B-T|B-LT|B-LTA]
          [--tsa URL] [--page N --rect x1,y1,x2,y2] [--name N] [--reason R] [--location L]
          [--certify 1|2|3]
  verify  <in.pdf> [--trust ca.pem]…

--json prints one JSON object. A refusal exits 1 and prints the spec code with a plain message.
`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!isCommand(name)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const mod = (await import(`./commands/${name}.ts`)) as { run(args: string[]): Promise<number> };
  return mod.run(rest);
}

process.exitCode = await main(process.argv.slice(2));
