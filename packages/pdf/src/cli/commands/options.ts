/** `--name value` options and bare flags, for the core/sign commands. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

export function parseArgs(args: readonly string[], valued: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [k, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (valued.includes(k)) {
      const v = inline ?? args[++i];
      if (v !== undefined) options.set(k, v);
    } else flags.add(k);
  }
  return { positional, options, flags };
}
