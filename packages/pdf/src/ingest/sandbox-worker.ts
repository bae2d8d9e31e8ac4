import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { checkDecodedSize } from './decoded-size.ts';
import { geometryOf, requireGeometry } from './pdf-structure.ts';
import type { SandboxReply, SandboxRequest } from './sandbox-protocol.ts';

// Entry of the sandbox process: runs full parses of untrusted files away from the server process.
// Each task loads its code when first asked: a worker replaced after a crash or a timeout is ready
// in the time it takes to load what the next task needs (pdf.js, the image decoders and the
// verifier each take seconds to load on a busy machine), not everything.

/** What each task imports; loaded before the task is reported started. */
const MODULES: Record<SandboxRequest['task'], readonly (() => Promise<unknown>)[]> = {
  inspect: [() => import('./pdf-tasks.ts')],
  rewrite: [() => import('./pdf-tasks.ts')],
  'form-fields': [() => import('../document/form-fields.ts')],
  geometry: [],
  'image-pdf': [() => import('../document/images-to-pdf.ts'), () => import('./images/decode-image.ts')],
  merge: [() => import('../document/merge-pdfs.ts')],
  'page-image': [() => import('../render/page-image.ts')],
  'find-text': [() => import('../render/find-text.ts')],
  'compare-pages': [() => import('../render/compare-pages.ts')],
  verify: [() => import('../verify/verify-pdf.ts')],
  'xml-pdf': [() => import('../document/xml-to-pdf.ts')],
  // Loaded from the request's own URL (started, below).
  module: [],
};

/** What a task module of the application exports (task `module`). */
interface TaskModule {
  sandboxTask(bytes: Uint8Array, input: unknown): Promise<unknown>;
}

async function taskModule(req: SandboxRequest): Promise<TaskModule> {
  const mod: Partial<TaskModule> = await import(req.module?.url ?? '');
  if (typeof mod.sandboxTask !== 'function') throw new Error('The task module exports no sandboxTask');
  return mod as TaskModule;
}

/**
 * Loads the task's code, then tells the pool the work begins: the file's time limit is for
 * reading the file, not for starting a process on a busy machine.
 */
async function started(req: SandboxRequest): Promise<void> {
  await Promise.all([
    ...MODULES[req.task].map((load) => load()),
    ...(req.task === 'module' ? [taskModule(req)] : []),
  ]);
  process.send?.({ id: req.id, started: true } satisfies SandboxReply);
}

async function run(req: SandboxRequest): Promise<unknown> {
  switch (req.task) {
    case 'inspect':
      return (await import('./pdf-tasks.ts')).inspectPdf(req.bytes, req.maxPages);
    case 'rewrite':
      return (await import('./pdf-tasks.ts')).rewritePdf(req.bytes);
    case 'form-fields':
      return (await import('../document/form-fields.ts')).formFieldTagsInProcess(req.bytes);
    case 'geometry': {
      const doc = checkDecodedSize(req.bytes);
      if (!doc) throw new PdfError(Code.INVALID_DOCUMENT, 'The page structure of this PDF is unreadable.');
      return requireGeometry(geometryOf(doc, req.maxPages)).pages;
    }
    case 'image-pdf': {
      // Image decoders (UTIF above all) can be driven to huge allocations by a damaged file.
      const [{ imagesToPdf }, { decodeImage }] = await Promise.all([
        import('../document/images-to-pdf.ts'),
        import('./images/decode-image.ts'),
      ]);
      return imagesToPdf(decodeImage(req.bytes, req.maxPages));
    }
    case 'merge':
      return (await import('../document/merge-pdfs.ts')).mergePdfsInProcess(req.parts ?? [], req.maxPages);
    case 'page-image': {
      // The decoded-bytes budget holds for drawing as for every other full read (it throws on a bomb).
      checkDecodedSize(req.bytes);
      const { renderPageImage } = await import('../render/page-image.ts');
      return renderPageImage(req.bytes, req.page?.pageNumber ?? 1, req.page?.widthPx ?? 0);
    }
    case 'find-text':
      // A DocuSign template's anchors: the decoded-bytes budget first, as for drawing.
      checkDecodedSize(req.bytes);
      return (await import('../render/find-text.ts')).findTextInPdf(
        req.bytes,
        req.needles ?? [],
        req.maxMatches,
      );
    case 'compare-pages':
      // Anyone's files: the decoded-bytes budget first (it throws on a bomb), as for drawing;
      // pdf.js then says which files it cannot read and which need a password.
      checkDecodedSize(req.bytes);
      return (await import('../render/compare-pages.ts')).comparePagesOf(req.bytes, {
        rasterScale: req.rasterScale ?? 0,
        maxPages: req.maxPages,
        fingerprints: req.fingerprints ?? false,
        ...(req.drawPages ? { drawPages: req.drawPages } : {}),
      });
    case 'verify': {
      // Anyone's file: the decoded-bytes budget first, then the engine's reader.
      if (!checkDecodedSize(req.bytes))
        throw new PdfError(Code.INVALID_DOCUMENT, 'This file is not a readable PDF.');
      const { verifyPdf } = await import('../verify/verify-pdf.ts');
      try {
        return verifyPdf(req.bytes, req.anchors ?? []);
      } catch (e) {
        if (e instanceof PdfError) throw e;
        throw new PdfError(Code.INVALID_DOCUMENT, 'This file is not a readable PDF.');
      }
    }
    case 'module':
      return (await taskModule(req)).sandboxTask(req.bytes, req.module?.input);
    case 'xml-pdf':
      // Laying out a huge XML file is slow; here the timeout applies.
      return (await import('../document/xml-to-pdf.ts')).xmlToPdf(req.bytes, {
        maxChars: req.maxChars ?? Number.POSITIVE_INFINITY,
        maxPages: req.maxPages,
      });
  }
}

process.on('message', (req: SandboxRequest) => {
  started(req)
    .then(() => run(req))
    .then(
      (result) => process.send?.({ id: req.id, ok: true, result } satisfies SandboxReply),
      (e: unknown) => {
        // A refusal with a spec code (the engine's PdfError, a task module's own error that
        // carries a numeric code) keeps its code and words.
        const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
        const reply: SandboxReply =
          e instanceof Error && typeof code === 'number'
            ? { id: req.id, ok: false, code, message: e.message }
            : { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
        process.send?.(reply);
      },
    );
});

// The server went away: nothing will ask for results any more.
process.on('disconnect', () => process.exit(0));
