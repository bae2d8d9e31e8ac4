import { cpus, loadavg } from 'node:os';

/** How busy the machine was, printed beside a benchmark's figures (a busy machine inflates them). */
export function machineLoad(): string {
  return `machine load (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} on ${cpus().length} cores`;
}
