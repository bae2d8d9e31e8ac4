import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { SANDBOX_QUEUE_LIMITS, type SandboxQueueLimits } from './ingest-limits.ts';
import type { SandboxReply, SandboxRequest } from './sandbox-protocol.ts';

/**
 * A pool of sandbox processes that run full parses of untrusted files, shared fairly between
 * tenants. Each tenant has its own queue; a free worker takes the next task of the waiting tenant
 * served longest ago, so one tenant's flood of slow files delays another tenant's upload by at
 * most one task per worker. No tenant may hold every worker either: one tenant runs at most
 * `maxRunningPerTenant` tasks at once (default: all workers but one), so another tenant's upload
 * always finds a worker within one task of its own, however long the first tenant's tasks run.
 * Waiting is bounded (per tenant, in total and in time): past that a
 * task is refused with `SandboxBusyError` (-179, retryable) rather than queued forever.
 *
 * Why processes and not worker threads: measured here, a corrupted TIFF drove the decoder past a
 * worker's `resourceLimits` and V8 aborted the whole process ("Reached heap limit"); a child
 * process that dies takes nothing else with it. A worker that overruns its heap, resident memory
 * or time is killed and replaced by a fresh one for the next task.
 */
export interface SandboxPoolOptions extends Partial<SandboxQueueLimits> {
  /** Worker processes; default min(2, cores). */
  workers?: number;
  /**
   * Tasks one tenant may run at once; default max(1, workers − 1). Measured before this cap: one
   * compare of two hostile PDFs held both workers for 60 s and another tenant's one-page upload
   * waited 60.9 s.
   */
  maxRunningPerTenant?: number;
  /**
   * Test seam: awaited once a task holds its worker and before it is sent, so a test can keep a
   * tenant's task "slow" for as long as it wants without timing.
   */
  beforeTask?: (tenant: string, worker: number) => Promise<void>;
}

/** Limits of one task, checked while it runs. */
export interface TaskLimits {
  timeoutMs: number;
  heapMb: number;
  rssMb: number;
}

/** The pool is full for this tenant (or for everyone): try again later. */
export class SandboxBusyError extends PdfError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(Code.TRANSACTION_TIMEOUT, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Tenant key of work not done for a tenant (CLI, tests, background jobs). */
export const NO_TENANT = '';

// The sandbox entry is TypeScript; a small JS entry registers tsx there first, as the CLI's bin does.
const entry = fileURLToPath(new URL('./sandbox-worker-boot.mjs', import.meta.url));

/**
 * Time a worker may take to start and load a task's code before the task's own limit begins:
 * seconds on a busy two-core machine (pdf.js, the image decoders), so generous.
 */
const START_ALLOWANCE_MS = 30_000;

/** An idle worker is stopped after this long, so a quiet server does not keep it around. */
const IDLE_MS = 30_000;

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

type Request = Omit<SandboxRequest, 'id'>;

interface Job {
  tenant: string;
  request: Request;
  limits: TaskLimits;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  waitTimer?: NodeJS.Timeout;
}

/** One worker slot: its current process (started on demand, replaced after a failure). */
class Worker {
  private child: ChildProcess | undefined;
  private heapMb = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  private process(heapMb: number): ChildProcess {
    if (this.child?.connected && this.heapMb === heapMb) return this.child;
    this.child?.kill('SIGKILL');
    const c = fork(entry, [], {
      execArgv: [`--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.child = c;
    this.heapMb = heapMb;
    c.on('exit', () => {
      if (this.child === c) this.child = undefined;
    });
    return c;
  }

  private discard(c: ChildProcess): void {
    if (this.child === c) this.child = undefined;
    c.kill('SIGKILL');
  }

  private idle(c: ChildProcess): void {
    c.unref();
    c.channel?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.child === c) this.discard(c);
    }, IDLE_MS);
    this.idleTimer.unref();
  }

  run(id: number, request: Request, limits: TaskLimits): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const c = this.process(limits.heapMb);
      clearTimeout(this.idleTimer);
      c.ref();
      c.channel?.ref();
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        c.off('message', onMessage);
        c.off('exit', onExit);
        if (this.child === c) this.idle(c);
      };
      const onMessage = (reply: SandboxReply) => {
        if (reply.id !== id) return;
        if ('started' in reply) {
          clearTimeout(timer);
          timer = setTimeout(overrun, limits.timeoutMs);
          return;
        }
        done();
        if (reply.ok) resolve(reply.result);
        else if (reply.code !== undefined) reject(new PdfError(reply.code, reply.message));
        else reject(new PdfError(Code.INVALID_DOCUMENT, `This file could not be read (${reply.message}).`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
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
      const overrun = () => {
        done();
        this.discard(c);
        reject(
          new PdfError(
            Code.TRANSACTION_TIMEOUT,
            `Reading this file took longer than ${Math.round(limits.timeoutMs / 1000)} s; it is refused.`,
          ),
        );
      };
      // Until the worker says the work began (its process started, the task's code loaded), the
      // start-up allowance runs; then the task's own limit.
      let timer = setTimeout(overrun, limits.timeoutMs + START_ALLOWANCE_MS);
      // Memory outside the JavaScript heap is not bounded by --max-old-space-size: watch it.
      const watch = setInterval(() => {
        const rss = residentMb(c.pid);
        if (rss === undefined || rss <= limits.rssMb) return;
        done();
        this.discard(c);
        reject(
          new PdfError(
            Code.INVALID_DOCUMENT,
            'This file needs more memory to read than allowed; it is refused.',
          ),
        );
      }, 50);
      c.on('message', onMessage);
      c.on('exit', onExit);
      c.send({ id, ...request } satisfies SandboxRequest);
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const c = this.child;
    this.child = undefined;
    if (c && c.exitCode === null && c.signalCode === null) {
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        // An idle child is unreferenced; hold the event loop until it is gone.
        c.ref();
        c.kill('SIGKILL');
      });
    }
  }
}

export class SandboxPool {
  private readonly limits: SandboxQueueLimits;
  private readonly maxRunningPerTenant: number;
  private readonly free: Worker[];
  private readonly all: Worker[];
  private readonly queues = new Map<string, Job[]>();
  /** When each tenant last got a worker (a counter, not a clock); the oldest goes next. */
  private readonly lastServed = new Map<string, number>();
  private readonly running = new Map<string, number>();
  private queued = 0;
  private served = 0;
  private nextId = 1;

  private readonly options: SandboxPoolOptions;

  constructor(options: SandboxPoolOptions = {}) {
    this.options = options;
    this.limits = {
      maxQueuedPerTenant: options.maxQueuedPerTenant ?? SANDBOX_QUEUE_LIMITS.maxQueuedPerTenant,
      maxQueuedTotal: options.maxQueuedTotal ?? SANDBOX_QUEUE_LIMITS.maxQueuedTotal,
      maxWaitMs: options.maxWaitMs ?? SANDBOX_QUEUE_LIMITS.maxWaitMs,
      retryAfterSeconds: options.retryAfterSeconds ?? SANDBOX_QUEUE_LIMITS.retryAfterSeconds,
    };
    const n = Math.max(1, options.workers ?? defaultWorkers());
    this.all = Array.from({ length: n }, () => new Worker());
    this.maxRunningPerTenant = Math.max(1, options.maxRunningPerTenant ?? n - 1);
    this.free = [...this.all];
  }

  get size(): number {
    return this.all.length;
  }

  /**
   * Runs one task for a tenant; refuses with `SandboxBusyError` when waiting is full. A task of
   * a request that already got one task through (`admitted`, e.g. the rewrite after the
   * inspection of an upload) is not refused for a full queue, so admitted work is finished
   * rather than wasted; it still waits its turn and is still bounded in time.
   */
  run<T>(tenant: string, request: Request, limits: TaskLimits, admitted = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.queues.get(tenant) ?? [];
      // The workers a tenant's share keeps from it do not shrink what it may have in flight: it
      // may still hand in as many tasks at once as before the share (queue + workers), the ones
      // past its share simply wait their turn.
      const heldBack = this.all.length - this.maxRunningPerTenant;
      const full =
        queue.length >= this.limits.maxQueuedPerTenant + heldBack ||
        this.queued >= this.limits.maxQueuedTotal;
      if (full && !admitted) {
        reject(this.busy());
        return;
      }
      const job: Job = { tenant, request, limits, resolve: resolve as (v: unknown) => void, reject };
      job.waitTimer = setTimeout(() => this.expire(job), this.limits.maxWaitMs);
      job.waitTimer.unref();
      queue.push(job);
      this.queues.set(tenant, queue);
      this.queued++;
      this.dispatch();
    });
  }

  private busy(): SandboxBusyError {
    return new SandboxBusyError(
      `The document service is busy; try again in ${this.limits.retryAfterSeconds} s.`,
      this.limits.retryAfterSeconds,
    );
  }

  private expire(job: Job): void {
    const queue = this.queues.get(job.tenant);
    const at = queue?.indexOf(job) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.queued--;
    if (queue.length === 0) this.forget(job.tenant);
    job.reject(this.busy());
  }

  /**
   * Of the tenants waiting and below their share of running tasks, the one served longest ago
   * (never served first; ties by arrival). A tenant at its share waits even with a worker free:
   * that worker is kept for whoever comes next.
   */
  private nextTenant(): string | undefined {
    let best: string | undefined;
    let bestAt = Number.POSITIVE_INFINITY;
    for (const tenant of this.queues.keys()) {
      if ((this.running.get(tenant) ?? 0) >= this.maxRunningPerTenant) continue;
      const at = this.lastServed.get(tenant) ?? -1;
      if (at < bestAt) {
        best = tenant;
        bestAt = at;
      }
    }
    return best;
  }

  private forget(tenant: string): void {
    this.queues.delete(tenant);
    if (!this.running.get(tenant)) this.lastServed.delete(tenant);
  }

  private dispatch(): void {
    while (this.free.length > 0) {
      const tenant = this.nextTenant();
      if (tenant === undefined) return;
      const queue = this.queues.get(tenant) as Job[];
      const job = queue.shift() as Job;
      this.queued--;
      clearTimeout(job.waitTimer);
      // Re-inserted at the end, so ties between tenants served equally long ago rotate.
      this.queues.delete(tenant);
      if (queue.length > 0) this.queues.set(tenant, queue);
      this.lastServed.set(tenant, this.served++);
      this.running.set(tenant, (this.running.get(tenant) ?? 0) + 1);
      // The worker free the longest goes next, so a busy installation keeps every worker's process
      // warm: another tenant arriving during one tenant's long task finds a started process
      // rather than paying a process start (half a second to a second here).
      this.start(this.free.shift() as Worker, job);
    }
  }

  private async start(worker: Worker, job: Job): Promise<void> {
    try {
      await this.options.beforeTask?.(job.tenant, this.all.indexOf(worker));
      job.resolve(await worker.run(this.nextId++, job.request, job.limits));
    } catch (e) {
      job.reject(e);
    } finally {
      const left = (this.running.get(job.tenant) ?? 1) - 1;
      if (left > 0) this.running.set(job.tenant, left);
      else {
        this.running.delete(job.tenant);
        if (!this.queues.has(job.tenant)) this.lastServed.delete(job.tenant);
      }
      this.free.push(worker);
      this.dispatch();
    }
  }

  /** Stops every worker (tests, shutdown); waiting tasks are refused. */
  async close(): Promise<void> {
    for (const queue of this.queues.values()) {
      for (const job of queue) {
        clearTimeout(job.waitTimer);
        job.reject(this.busy());
      }
    }
    this.queues.clear();
    this.queued = 0;
    await Promise.all(this.all.map((w) => w.close()));
  }
}

function defaultWorkers(): number {
  return Math.min(2, availableParallelism());
}
