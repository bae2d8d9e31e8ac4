import { createHash } from 'node:crypto';
import { type PdfDict, type PdfObject, PdfRef, PdfString } from '../core/objects.ts';
import type { ObjectSink } from './object-sink.ts';
import { serializeIndirect, serializeObject } from './pdf-serialize.ts';

/** Writes a whole new PDF: classic cross-reference table, no object streams, no encryption. */
export class FullWriter implements ObjectSink {
  private readonly objects: PdfObject[] = [];

  add(obj: PdfObject): PdfRef {
    this.objects.push(obj);
    return new PdfRef(this.objects.length, 0);
  }

  /** Reserves a number now and fills it later (page trees refer to their parent). */
  reserve(): PdfRef {
    return this.add(null);
  }

  set(ref: PdfRef, obj: PdfObject): void {
    this.objects[ref.num - 1] = obj;
  }

  save(catalog: PdfRef, info?: PdfDict): Uint8Array {
    const infoRef = info ? this.add(info) : undefined;
    const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]?.length ?? 0;
    const offsets: number[] = [];
    this.objects.forEach((obj, i) => {
      offsets.push(offset);
      const bytes = serializeIndirect(new PdfRef(i + 1, 0), obj);
      chunks.push(bytes);
      offset += bytes.length;
    });
    const xref = [`xref\n0 ${this.objects.length + 1}\n`, '0000000000 65535 f \n'];
    for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
    // A document ID is required for signing later (and by PDF/A); derive it from the content.
    const hash = createHash('md5');
    for (const c of chunks) hash.update(c);
    const id = new PdfString(hash.digest(), true);
    const trailer = [
      `/Size ${this.objects.length + 1}`,
      `/Root ${catalog.toString()}`,
      infoRef ? `/Info ${infoRef.toString()}` : '',
      `/ID [${serializeObject(id)} ${serializeObject(id)}]`,
    ].join(' ');
    chunks.push(
      Buffer.from(`${xref.join('')}trailer\n<<${trailer}>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
    );
    return new Uint8Array(Buffer.concat(chunks));
  }
}
