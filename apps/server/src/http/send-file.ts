import type { FastifyReply } from 'fastify';
import type { DownloadedFile } from '../domain/epaks/download.ts';

/** Answers a file download, with a file name any browser keeps (RFC 6266 / 5987). */
export function sendFile(reply: FastifyReply, file: DownloadedFile, inline = false) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.bytes.length)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
