import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stripExternalReferences } from '../src/ingest/office-links.ts';
import { docxLinkingPicture } from './helpers/linked-docx.ts';

const budget = { maxUnpackedBytes: 16 * 1024 * 1024 };

async function partsAfter(zip: Uint8Array): Promise<Record<string, string>> {
  const parts = unzipSync(await stripExternalReferences(zip, budget));
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strFromU8(v)]));
}

describe('removing what an OOXML file links to outside itself', () => {
  it('drops a linked picture relationship and keeps the hyperlink and every part', async () => {
    const parts = await partsAfter(docxLinkingPicture('http://127.0.0.1:9/x.png'));
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/_rels/document.xml.rels',
      'word/document.xml',
    ]);
    const rels = parts['word/_rels/document.xml.rels'];
    expect(rels).not.toContain('127.0.0.1');
    expect(rels).toContain('Target="https://example.com/terms"');
    expect(parts['_rels/.rels']).toContain('Target="word/document.xml"');
  });

  it('drops external targets however they are spelled: entities, case, UNC and file paths without TargetMode', async () => {
    const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="a" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://10.0.0.1/a.png" TargetMode="&#69;xternal"/>
<Relationship Id="b" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" TargetMode='EXTERNAL' Target='file:///etc/passwd'/>
<Relationship Id="c" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="\\\\server\\share\\x.xlsx"/>
<Relationship Id="d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/hostname"/>
<Relationship Id="e" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="../customXml/item1.xml"/>
</Relationships>`;
    const parts = await partsAfter(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/_rels/document.xml.rels': strToU8(rels) }),
    );
    const out = parts['word/_rels/document.xml.rels'] ?? '';
    expect(out.match(/<Relationship /g)).toHaveLength(1);
    expect(out).toContain('Target="../customXml/item1.xml"');
  });

  it('removes hrefs to outside the package from pictures, objects and sections, keeping clickable links and inside ones', async () => {
    const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="o" xmlns:draw="d" xmlns:text="t" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:q="http://www.w3.org/1999/xlink"><draw:frame><draw:image xlink:href="http://127.0.0.1/x.png"/></draw:frame><draw:image xlink:href="Pictures/inside.png"/><draw:object q:href="../outside.ods"/><text:section-source xlink:href="file:///etc/passwd" /><text:a xlink:href="https://example.com/">link</text:a><v:imagedata o:href="C:\\secret.png" r:id="rId1"/></office:document-content>`;
    const parts = await partsAfter(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/content.xml': strToU8(content) }),
    );
    const out = parts['word/content.xml'] ?? '';
    expect(out).not.toMatch(/127\.0\.0\.1|outside\.ods|etc\/passwd|secret\.png/);
    expect(out).toContain('xlink:href="Pictures/inside.png"');
    expect(out).toContain('<text:a xlink:href="https://example.com/">');
    expect(out).toContain('<v:imagedata r:id="rId1"/>');
  });

  it('refuses with -48 a part with a document type declaration, whose entities could hide a link', async () => {
    const rels = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l '<Relationship Id="x" Target="http://10.0.0.1/" TargetMode="External" Type="image"/>'>]><Relationships>&l;</Relationships>`;
    await expect(
      stripExternalReferences(zipSync({ 'word/_rels/document.xml.rels': strToU8(rels) }), budget),
    ).rejects.toMatchObject({ code: -48, message: expect.stringMatching(/document type declaration/) });
  });

  it('refuses with -48 a part in UTF-16, which cannot be checked as written', async () => {
    const rels = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<Relationships/>', 'utf16le')]);
    await expect(
      stripExternalReferences(zipSync({ 'word/_rels/document.xml.rels': new Uint8Array(rels) }), budget),
    ).rejects.toMatchObject({ code: -48 });
  });

  it('refuses with -48 an archive that unpacks to more than the limit', async () => {
    const bomb = zipSync({ 'word/media/zeros.bin': new Uint8Array(12 * 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(stripExternalReferences(bomb, { maxUnpackedBytes: 4 * 1024 * 1024 })).rejects.toMatchObject({
      code: -48,
      message: expect.stringMatching(/more than 4 MB/),
    });
  });
});
