import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { A4, anchorPdf } from './support/anchor-pdf.ts';
import { SIGNATURE_PNG } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * `POST /v1/docusigntemplate` (issue 22): DocuSign templates built with the official
 * `docusign-esign` model classes become a document template and a workflow of roles, every tab
 * kind a tag at DocuSign's place, anchors found in the text, what has no equivalent listed; a
 * composed ePak signed from it carries its signatures where DocuSign would have put them.
 */

type Model = { constructFromObject: (data: Record<string, unknown>) => Record<string, unknown> };
const ds = createRequire(import.meta.url)('docusign-esign') as Record<string, Model>;
const make = (name: string, data: Record<string, unknown>) => {
  const model = ds[name];
  if (!model) throw new Error(`docusign-esign has no model ${name}`);
  return model.constructFromObject(data);
};

interface ImportResult {
  dryRun: boolean;
  templateName: string;
  documents: { name: string; pageCount: number }[];
  steps: { type: string; roles: string[] }[];
  tagCounts: Record<string, number>;
  unmapped: { item: string; reason: string }[];
  documentTemplate: {
    id: string;
    workflowTemplateId: string | null;
    documents: { documentId: string }[];
    tags: {
      type: string;
      subType?: string;
      pageNumber: number;
      positionX: number;
      positionY: number;
      blockWidth: number;
      blockHeight: number;
      wfsOrderId?: number;
      signerIndex?: number;
      readOnly: boolean;
      value?: string | null;
      options?: string[];
      validations?: { required: { value: boolean } };
    }[];
  } | null;
  workflow: { workflowId: string; steps: { type: string; recipients: { role?: string }[] }[] } | null;
}

const ANCHOR_TOP = 600;
const pdf = anchorPdf(
  [
    { text: 'Purchase agreement', x: 72, top: 60, size: 18 },
    { text: 'Buyer signs at /sb1/ below.', x: 72, top: ANCHOR_TOP, size: 12 },
  ],
  [{ text: 'Annex, turned page /sb2/', x: 100, top: 100, size: 12 }],
);
const documentBase64 = Buffer.from(pdf).toString('base64');
/** Where "/sb1/" starts: after "Buyer signs at " in Helvetica 12 (pdf.js measures the run). */
const document = () =>
  make('Document', { documentId: '1', name: 'Purchase agreement', fileExtension: 'pdf', documentBase64 });

const tab = (model: string, data: Record<string, unknown>) =>
  make(model, { documentId: '1', pageNumber: '1', ...data });

/** A template using every tab kind the import maps, plus kinds it cannot. */
function fullTemplate() {
  const buyerTabs = make('Tabs', {
    signHereTabs: [
      tab('SignHere', { tabLabel: 'Buyer signature', xPosition: '72', yPosition: '700' }),
      tab('SignHere', {
        tabLabel: 'Anchored',
        anchorString: '/sb1/',
        anchorXOffset: '1',
        anchorYOffset: '0.5',
        anchorUnits: 'inches',
      }),
      tab('SignHere', { tabLabel: 'Turned', pageNumber: '2', xPosition: '500', yPosition: '300' }),
      tab('SignHere', {
        tabLabel: 'Missing anchor',
        anchorString: 'NOWHERE',
        anchorIgnoreIfNotPresent: 'true',
      }),
    ],
    initialHereTabs: [tab('InitialHere', { tabLabel: 'Initials', xPosition: '480', yPosition: '780' })],
    dateSignedTabs: [tab('DateSigned', { xPosition: '250', yPosition: '720' })],
    fullNameTabs: [tab('FullName', { xPosition: '250', yPosition: '745' })],
    emailAddressTabs: [tab('EmailAddress', { xPosition: '250', yPosition: '770' })],
    emailTabs: [
      tab('Email', {
        tabLabel: 'Contact email',
        xPosition: '72',
        yPosition: '120',
        width: '180',
        height: '20',
      }),
    ],
    companyTabs: [tab('Company', { xPosition: '72', yPosition: '150', required: 'false' })],
    titleTabs: [tab('Title', { xPosition: '72', yPosition: '180' })],
    textTabs: [
      tab('Text', {
        tabLabel: 'Reference',
        xPosition: '72',
        yPosition: '210',
        width: '150',
        height: '22',
        value: 'REF-7',
        locked: 'true',
        validationPattern: '^REF-[0-9]+$',
      }),
    ],
    numberTabs: [tab('ModelNumber', { tabLabel: 'Quantity', xPosition: '72', yPosition: '240', value: '3' })],
    dateTabs: [tab('ModelDate', { tabLabel: 'Delivery', xPosition: '72', yPosition: '270' })],
    checkboxTabs: [
      tab('Checkbox', { tabLabel: 'Insured', xPosition: '72', yPosition: '300', selected: 'true' }),
    ],
    radioGroupTabs: [
      make('RadioGroup', {
        documentId: '1',
        groupName: 'Payment',
        radios: [
          make('Radio', {
            pageNumber: '1',
            xPosition: '72',
            yPosition: '330',
            value: 'Card',
            selected: 'true',
          }),
          make('Radio', { pageNumber: '1', xPosition: '150', yPosition: '330', value: 'Transfer' }),
        ],
      }),
    ],
    listTabs: [
      tab('List', {
        tabLabel: 'Colour',
        xPosition: '72',
        yPosition: '370',
        listItems: [
          make('ListItem', { text: 'Red', value: 'red' }),
          make('ListItem', { text: 'Blue', value: 'blue', selected: 'true' }),
        ],
      }),
    ],
    signerAttachmentTabs: [
      tab('SignerAttachment', { tabLabel: 'ID proof', xPosition: '72', yPosition: '400' }),
    ],
    approveTabs: [tab('Approve', { tabLabel: 'Approve', xPosition: '300', yPosition: '400' })],
  });
  return make('EnvelopeTemplate', {
    name: 'Purchase agreement',
    emailSubject: 'Please sign the purchase agreement',
    documents: [document()],
    recipients: make('Recipients', {
      signers: [
        make('Signer', { recipientId: '1', roleName: 'Buyer', routingOrder: '1', tabs: buyerTabs }),
        make('Signer', {
          recipientId: '2',
          roleName: 'Seller',
          routingOrder: '1',
          tabs: make('Tabs', { signHereTabs: [tab('SignHere', { xPosition: '300', yPosition: '700' })] }),
        }),
      ],
      inPersonSigners: [
        make('InPersonSigner', {
          recipientId: '3',
          roleName: 'Witness',
          routingOrder: '2',
          tabs: make('Tabs', { signHereTabs: [tab('SignHere', { xPosition: '72', yPosition: '450' })] }),
        }),
      ],
      certifiedDeliveries: [
        make('CertifiedDelivery', { recipientId: '4', roleName: 'Auditor', routingOrder: '3' }),
      ],
      agents: [make('Agent', { recipientId: '5', roleName: 'Broker', routingOrder: '4' })],
      carbonCopies: [make('CarbonCopy', { recipientId: '6', roleName: 'Accounts', routingOrder: '5' })],
      editors: [make('Editor', { recipientId: '7', roleName: 'Lawyer', routingOrder: '1' })],
    }),
  });
}

let t: TestServer;
let custodian: Session;

const importCall = (body: unknown, dryRun = false, token = custodian.token) =>
  t.call<ImportResult>('POST', '/v1/docusigntemplate', { token, body, query: { dryRun: String(dryRun) } });

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
});
afterAll(() => t.close());

describe('importing a DocuSign template', () => {
  it('previews with dryRun what it would make and what it cannot map, storing nothing', async () => {
    const before = await t.call<{ docTemplateDTOList: { docTemplateDTO: unknown[] } }>(
      'GET',
      '/v1/documenttemplates',
      {
        token: custodian.token,
      },
    );
    const res = await importCall(JSON.parse(JSON.stringify(fullTemplate())), true);
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({
      dryRun: true,
      templateName: 'Purchase agreement',
      documents: [{ name: 'Purchase agreement.pdf', pageCount: 2 }],
      documentTemplate: null,
      workflow: null,
    });
    expect(res.data.steps).toEqual([
      { type: 'SIGN', roles: ['Buyer', 'Seller'] },
      { type: 'INPERSONSIGN', roles: ['Witness'] },
      { type: 'REVIEW', roles: ['Auditor'] },
      { type: 'REVIEW', roles: ['Broker'] },
      { type: 'EMAIL', roles: ['Accounts'] },
    ]);
    expect(res.data.tagCounts).toEqual({
      signature: 5,
      userInitial: 1,
      timeStamp: 1,
      username: 1,
      email: 1,
      text: 4,
      userTitle: 1,
      calendar: 1,
      multiSelect: 1,
      singleSelect: 2,
      attachment: 1,
    });
    const items = res.data.unmapped.map((u) => u.item).join('\n');
    expect(items).toContain('editors: Lawyer');
    expect(items).toContain('approveTabs “Approve”');
    expect(items).toContain('agents: Broker');
    expect(items).toContain('signHereTabs “Missing anchor”');
    expect(items).toContain('textTabs “Reference”');
    const after = await t.call<{ docTemplateDTOList: { docTemplateDTO: unknown[] } }>(
      'GET',
      '/v1/documenttemplates',
      {
        token: custodian.token,
      },
    );
    expect(after.data.docTemplateDTOList.docTemplateDTO.length).toBe(
      before.data.docTemplateDTOList.docTemplateDTO.length,
    );
  });

  it('makes a document template whose tags sit at DocuSign’s places, anchors and turned pages included, with required, read-only and default values', async () => {
    const res = await importCall(JSON.parse(JSON.stringify(fullTemplate())));
    expect(res.code).toBe(1);
    const { documentTemplate, workflow } = res.data;
    expect(documentTemplate?.workflowTemplateId).toBe(workflow?.workflowId);
    expect(workflow?.steps.map((s) => [s.type, s.recipients.map((r) => r.role)])).toEqual([
      ['SIGN', ['Buyer', 'Seller']],
      ['INPERSONSIGN', ['Witness']],
      ['REVIEW', ['Auditor']],
      ['REVIEW', ['Broker']],
      ['EMAIL', ['Accounts']],
    ]);
    const tags = documentTemplate?.tags ?? [];
    const sigs = tags.filter((g) => g.type === 'signature');
    const at = (g: (typeof tags)[number]) => [
      g.pageNumber,
      g.positionX,
      g.positionY,
      g.wfsOrderId,
      g.signerIndex,
    ];
    expect(sigs.map(at)).toContainEqual([1, 72, 700, 1, 0]);
    expect(sigs.map(at)).toContainEqual([2, 500, 300, 1, 0]);
    expect(sigs.map(at)).toContainEqual([1, 300, 700, 1, 1]);
    expect(sigs.map(at)).toContainEqual([1, 72, 450, 2, 0]);
    // The anchor: "/sb1/" starts after "Buyer signs at " (Helvetica 12), plus one inch and half an inch.
    const prefix = 'Buyer signs at '.length;
    const anchored = sigs.find((g) => g.pageNumber === 1 && g.positionY > ANCHOR_TOP && g.positionY < 700);
    expect(anchored?.positionY).toBeCloseTo(ANCHOR_TOP + 36, 0);
    expect(anchored?.positionX).toBeGreaterThan(72 + 72 + prefix * 4);
    expect(anchored?.positionX).toBeLessThan(72 + 72 + prefix * 7);
    const text = tags.find((g) => g.type === 'text' && g.value === 'REF-7');
    expect(text).toMatchObject({ readOnly: true, blockWidth: 150, blockHeight: 22, positionY: 210 });
    expect(tags.find((g) => g.subType === 'company')?.validations?.required.value).toBe(false);
    expect(tags.find((g) => g.subType === 'email')?.validations?.required.value).toBe(true);
    expect(tags.find((g) => g.subType === 'number')?.value).toBe('3');
    expect(tags.find((g) => g.subType === 'checkbox')).toMatchObject({
      options: ['Insured'],
      value: 'Insured',
    });
    expect(tags.find((g) => g.subType === 'radio')).toMatchObject({
      options: ['Card', 'Transfer'],
      value: 'Card',
      positionX: 72,
      positionY: 330,
    });
    expect(tags.find((g) => g.type === 'singleSelect' && !g.subType)).toMatchObject({
      options: ['Red', 'Blue'],
      value: 'Blue',
    });
  });

  it('refuses what is not a DocuSign export: no documents (-6), a document that is not a PDF (-136)', async () => {
    expect((await importCall({ name: 'x', recipients: {} })).code).toBe(Code.INVALID_INPUT);
    const notPdf = {
      name: 'x',
      documents: [{ documentId: '1', name: 'a', documentBase64: Buffer.from('hello').toString('base64') }],
      recipients: { signers: [{ recipientId: '1', roleName: 'A' }] },
    };
    expect((await importCall(notPdf)).code).toBe(Code.UNPARSEABLE_DATA);
  });
});

describe('an ePak composed from an imported DocuSign template', () => {
  let nss: { dir: string; close: () => void };
  afterAll(() => nss?.close());

  it('carries the signatures where DocuSign would have put them (pdfsig valid, ink in each box when drawn by pdftoppm)', async () => {
    const template = make('EnvelopeTemplate', {
      name: 'Signing places',
      documents: [document()],
      recipients: make('Recipients', {
        signers: [
          make('Signer', {
            recipientId: '1',
            roleName: 'Buyer',
            routingOrder: '1',
            tabs: make('Tabs', {
              signHereTabs: [
                tab('SignHere', { xPosition: '300', yPosition: '700' }),
                tab('SignHere', { anchorString: '/sb2/', anchorYOffset: '30', anchorXOffset: '0' }),
              ],
            }),
          }),
        ],
      }),
    });
    const imported = await importCall(JSON.parse(JSON.stringify(template)));
    expect(imported.code).toBe(1);
    const boxes = imported.data.documentTemplate?.tags ?? [];
    expect(boxes.map((b) => b.pageNumber).sort()).toEqual([1, 2]);
    const signer = await t.signIn('signer1@demo.test');
    const created = await t.call<{ ePakId: string; documents: { id: string }[] }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentTemplateId: imported.data.documentTemplate?.id,
        roleRecipients: [{ role: 'Buyer', email: 'signer1@demo.test' }],
      },
    });
    expect(created.code).toBe(1);
    const epakId = created.data.ePakId;
    const documentId = created.data.documents[0]?.id ?? '';
    expect((await t.call('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token })).code).toBe(1);
    const signed = await t.call('POST', `/v2/epaks/${epakId}/documents/${documentId}/sign`, {
      token: signer.token,
      body: { signatureImage: SIGNATURE_PNG },
    });
    expect(signed.code).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/msbapi/v2/epaks/${epakId}/documents/${documentId}/download`,
      headers: { access_token: custodian.token },
    });
    expect(res.statusCode).toBe(200);
    const out = new Uint8Array(res.rawPayload);
    const tenantId = custodian.tenantId ?? '';
    nss = nssDbTrusting([await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps))]);
    expect((await pdfsig(out, nss.dir)).map((s) => s.valid)).toEqual([true]);

    const dir = mkdtempSync(join(tmpdir(), 'signet-docusign-'));
    try {
      writeFileSync(join(dir, 'out.pdf'), out);
      execFileSync('pdftoppm', ['-r', '72', '-gray', join(dir, 'out.pdf'), join(dir, 'p')]);
      for (const box of boxes) {
        const page = readPgm(join(dir, `p-${box.pageNumber}.pgm`));
        expect([page.width, page.height]).toEqual(
          box.pageNumber === 1 ? [A4.width, A4.height] : [A4.height, A4.width],
        );
        const inside = inkShare(page, box.positionX, box.positionY, box.blockWidth, box.blockHeight);
        // The same box moved down by its height is blank paper: the ink is where the tab was.
        const below = inkShare(
          page,
          box.positionX,
          box.positionY + box.blockHeight + 4,
          box.blockWidth,
          box.blockHeight,
        );
        expect(inside).toBeGreaterThan(0.02);
        expect(below).toBeLessThan(0.005);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function readPgm(file: string) {
  const bytes = readFileSync(file);
  const header = bytes.subarray(0, 64).toString('latin1').split(/\s+/);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(bytes.length - width * height) };
}

function inkShare(page: ReturnType<typeof readPgm>, x: number, y: number, w: number, h: number) {
  let ink = 0;
  let all = 0;
  for (let py = Math.round(y); py < Math.round(y + h) && py < page.height; py++)
    for (let px = Math.round(x); px < Math.round(x + w) && px < page.width; px++) {
      all++;
      if ((page.pixels[py * page.width + px] ?? 255) < 128) ink++;
    }
  return all ? ink / all : 0;
}
