import { Code } from '@signet/contracts';
import { PdfError } from '../core/errors.ts';
import { formFieldTagsInProcess } from '../document/form-fields.ts';
import { imagesToPdf } from '../document/images-to-pdf.ts';
import { mergePdfsInProcess } from '../document/merge-pdfs.ts';
import { xmlToPdf } from '../document/xml-to-pdf.ts';
import { checkDecodedSize } from './decoded-size.ts';
import { decodeImage } from './images/decode-image.ts';
import { geometryOf, requireGeometry } from './pdf-structure.ts';
import { inspectPdf, rewritePdf } from './pdf-tasks.ts';
import type { SandboxReply, SandboxRequest } from './sandbox-protocol.ts';

// Entry of the sandbox process: runs full parses of untrusted files away from the server process.
async function run(req: SandboxRequest): Promise<unknown> {
  switch (req.task) {
    case 'inspect':
      return inspectPdf(req.bytes, req.maxPages);
    case 'rewrite':
      return rewritePdf(req.bytes);
    case 'form-fields':
      return formFieldTagsInProcess(req.bytes);
    case 'geometry': {
      const doc = checkDecodedSize(req.bytes);
      if (!doc) throw new PdfError(Code.INVALID_DOCUMENT, 'The page structure of this PDF is unreadable.');
      return requireGeometry(geometryOf(doc, req.maxPages)).pages;
    }
    case 'image-pdf':
      // Image decoders (UTIF above all) can be driven to huge allocations by a damaged file.
      return imagesToPdf(decodeImage(req.bytes, req.maxPages));
    case 'merge':
      return mergePdfsInProcess(req.parts ?? [], req.maxPages);
    case 'xml-pdf':
      // Laying out a huge XML file is slow; here the timeout applies.
      return xmlToPdf(req.bytes, {
        maxChars: req.maxChars ?? Number.POSITIVE_INFINITY,
        maxPages: req.maxPages,
      });
  }
}

process.on('message', (req: SandboxRequest) => {
  run(req).then(
    (result) => process.send?.({ id: req.id, ok: true, result } satisfies SandboxReply),
    (e: unknown) => {
      const reply: SandboxReply =
        e instanceof PdfError
          ? { id: req.id, ok: false, code: e.code, message: e.message }
          : { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
      process.send?.(reply);
    },
  );
});

// The server went away: nothing will ask for results any more.
process.on('disconnect', () => process.exit(0));
