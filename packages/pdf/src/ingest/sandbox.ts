import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Code } from '@signet/contracts';
import { PdfError } from '../core/errors.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { INGEST_LIMITS } from './ingest-limits.ts';
import type { FormFieldInfo, PdfInspection } from './pdf-tasks.ts';
import type { SandboxReply, SandboxTask } from './sandbox-protocol.ts';

/**
 * Runs full parses of untrusted files (PDF repair, image decoding) in a child process with a
 * heap limit and a timeout. A task that overruns either is refused with a code, and the child
 * is replaced; the server's own process never parses a whole hostile file.
 *
 * Why a process and not a worker thread: measured here, a corrupted TIFF drove the decoder past
 * a worker's `resourceLimits` and V8 aborted the whole process ("Reached heap limit"); a child
 * process that dies takes nothing else with it. Tasks run one at a time (the machine is small).
 */
export interface SandboxOptions {
  timeoutMs?: number;
  maxChars?: number;
  heapMb?: number;
  rssMb?: number;
  maxPages?: number;
}

/** Resident set size of a process in MB, from /proc (Linux); undefined elsewhere. */
function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return (pages * 4096) / 1024 / 1024;
  } catch {
    return undefined;
  }
}

// The sandbox entry is TypeScript; a small JS entry registers tsx there first, as the CLI's bin does.
const entry = fileURLToPath(new URL('./sandbox-worker-boot.mjs', import.meta.url));

let child: ChildProcess | undefined;
let childHeapMb = 0;
let nextId = 1;
let queue: Promise<unknown> = Promise.resolve();

/** An idle sandbox is stopped after this long, so a quiet server does not keep it around. */
const IDLE_MS = 30_000;
let idleTimer: NodeJS.Timeout | undefined;

function idle(c: ChildProcess): void {
  c.unref();
  c.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (child === c) discard(c);
  }, IDLE_MS);
  idleTimer.unref();
}

function busy(c: ChildProcess): void {
  clearTimeout(idleTimer);
  c.ref();
  c.channel?.ref();
}

function getChild(heapMb: number): ChildProcess {
  if (child?.connected && childHeapMb === heapMb) return child;
  if (child) child.kill('SIGKILL');
  const c = fork(entry, [], {
    execArgv: [`--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child = c;
  childHeapMb = heapMb;
  c.on('exit', () => {
    if (child === c) child = undefined;
  });
  idle(c);
  return c;
}

function discard(c: ChildProcess): void {
  if (child === c) child = undefined;
  c.kill('SIGKILL');
}

function runTask<T>(
  task: SandboxTask,
  bytes: Uint8Array,
  opts: SandboxOptions,
  parts?: Uint8Array[],
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? INGEST_LIMITS.parseTimeoutMs;
  const heapMb = opts.heapMb ?? INGEST_LIMITS.workerHeapMb;
  const maxPages = opts.maxPages ?? INGEST_LIMITS.maxPages;
  const rssMb = opts.rssMb ?? INGEST_LIMITS.sandboxRssMb;
  const run = () =>
    new Promise<T>((resolve, reject) => {
      const c = getChild(heapMb);
      const id = nextId++;
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        c.off('message', onMessage);
        c.off('exit', onExit);
        idle(c);
      };
      const onMessage = (reply: SandboxReply) => {
        if (reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.result as T);
        else if (reply.code !== undefined) reject(new PdfError(reply.code, reply.message));
        else reject(new PdfError(Code.INVALID_DOCUMENT, `This file could not be read (${reply.message}).`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        if (child === c) child = undefined;
        // V8 aborts (SIGABRT, exit 134) when the heap limit is reached.
        const oom = signal === 'SIGABRT' || code === 134;
        reject(
          new PdfError(
            Code.INVALID_DOCUMENT,
            oom
              ? 'This file needs more memory to read than allowed; it is refused.'
              : 'This file could not be read: the reader stopped.',
          ),
        );
      };
      const timer = setTimeout(() => {
        done();
        discard(c);
        reject(
          new PdfError(
            Code.TRANSACTION_TIMEOUT,
            `Reading this file took longer than ${Math.round(timeoutMs / 1000)} s; it is refused.`,
          ),
        );
      }, timeoutMs);
      // Memory outside the JavaScript heap is not bounded by --max-old-space-size: watch it.
      const watch = setInterval(() => {
        const rss = residentMb(c.pid);
        if (rss === undefined || rss <= rssMb) return;
        done();
        discard(c);
        reject(
          new PdfError(
            Code.INVALID_DOCUMENT,
            'This file needs more memory to read than allowed; it is refused.',
          ),
        );
      }, 50);
      c.on('message', onMessage);
      c.on('exit', onExit);
      busy(c);
      c.send({ id, task, bytes, maxPages, maxChars: opts.maxChars, parts });
    });
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

export function inspectPdfSandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<PdfInspection> {
  return runTask('inspect', bytes, opts);
}

export function rewritePdfSandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<Uint8Array> {
  return runTask('rewrite', bytes, opts);
}

/** Decodes an uploaded image file and makes its pages, in the sandbox. */
export function imagesToPdfSandboxed(
  bytes: Uint8Array,
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array; pages: PageGeometry[] }> {
  return runTask('image-pdf', bytes, opts);
}

/** Renders an uploaded XML file as a PDF, in the sandbox. */
export function xmlToPdfSandboxed(
  bytes: Uint8Array,
  opts: SandboxOptions = {},
): Promise<{ pdf: Uint8Array; pages: PageGeometry[] }> {
  return runTask('xml-pdf', bytes, opts);
}

/** Merges PDFs into one new document, in the sandbox. */
export function mergePdfsSandboxed(parts: Uint8Array[], opts: SandboxOptions = {}): Promise<Uint8Array> {
  return runTask('merge', new Uint8Array(), opts, parts);
}

export function formFieldsSandboxed(bytes: Uint8Array, opts: SandboxOptions = {}): Promise<FormFieldInfo[]> {
  return runTask('form-fields', bytes, opts);
}

/** Stops the sandbox process (tests, shutdown). */
export async function closeSandbox(): Promise<void> {
  const c = child;
  child = undefined;
  if (c && c.exitCode === null) {
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      // An idle child is unreferenced; hold the event loop until it is gone.
      c.ref();
      c.kill('SIGKILL');
    });
  }
}
