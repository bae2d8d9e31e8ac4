import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorPdf } from './support/anchor-pdf.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * `POST /v1/docusigntemplate` (issue 30): a custodian's template is bounded before the import makes
 * anything of it — anchor tabs × anchor hits counted before a tag is built, radios and tabs counted
 * before the body is parsed — and refused with -6 naming the limit, never a stall or a 500.
 */

let t: TestServer;
let custodian: Session;

const importCall = (body: unknown, dryRun = false) =>
  t.call<{ tagCounts: Record<string, number> }>('POST', '/v1/docusigntemplate', {
    token: custodian.token,
    body,
    query: { dryRun: String(dryRun) },
  });

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
});
afterAll(() => t.close());

describe('bounds of a DocuSign import', () => {
  /** One page with 200 "a": ten lines of twenty (the words of a one-letter anchor). */
  const manyA = Buffer.from(
    anchorPdf(
      Array.from({ length: 10 }, (_, i) => ({
        text: Array(20).fill('a').join(' '),
        x: 72,
        top: 80 + i * 30,
        size: 12,
      })),
      [],
    ),
  ).toString('base64');
  /** A template of plain JSON, as a custodian could write it by hand. */
  const template = (recipients: { roleName: string; tabs: Record<string, unknown[]> }[], pdf = manyA) => ({
    name: 'Bounds',
    documents: [{ documentId: '1', name: 'Many a', documentBase64: pdf }],
    recipients: {
      signers: recipients.map((r, i) => ({ recipientId: String(i + 1), routingOrder: '1', ...r })),
    },
  });
  const onA = (n: number) => Array.from({ length: n }, () => ({ documentId: '1', anchorString: 'a' }));
  const roles = (count: number, tabs: () => Record<string, unknown[]>) =>
    Array.from({ length: count }, (_, i) => ({ roleName: `Role ${i + 1}`, tabs: tabs() }));

  it('refuses 20 roles × 500 tabs anchored on “a” in a PDF with 200 “a” with -6 naming the limit and the tags it would have made', async () => {
    const body = template(roles(20, () => ({ signHereTabs: onA(500) })));
    const res = await importCall(body, true);
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(res.message).toMatch(/Role 1.*100,000.*at most 500/);
    expect(res.data).toMatchObject({ limit: 'tagsPerRoleDocument', max: 500, count: 100_000 });
  });

  it('refuses anchors that would make more tags than a template holds (2,000), and places every occurrence below that', async () => {
    const over = await importCall(template(roles(20, () => ({ signHereTabs: onA(1) }))), true);
    expect([over.status, over.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(over.message).toMatch(/at most 2,000/);
    const fits = await importCall(template(roles(2, () => ({ signHereTabs: onA(2) }))), true);
    expect(fits.code).toBe(1);
    expect(fits.data.tagCounts).toEqual({ signature: 800 });
    // 2,400 “a”: the search stops one past 2,000 and the one tab on them is refused, not cut short.
    const crowded = Buffer.from(
      anchorPdf(
        Array.from({ length: 40 }, (_, i) => ({
          text: Array(60).fill('a').join(' '),
          x: 20,
          top: 20 + i * 18,
          size: 6,
        })),
        [],
      ),
    ).toString('base64');
    const tooMany = await importCall(
      template(
        roles(1, () => ({ signHereTabs: onA(1) })),
        crowded,
      ),
      true,
    );
    expect([tooMany.status, tooMany.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(tooMany.message).toMatch(/more than 2,000 times/);
  });

  it('refuses a radio group of 200,000 radios and more than 120,000 tags for one role with -6, not a 500', async () => {
    const radios = Array.from({ length: 200_000 }, (_, i) => ({
      pageNumber: '1',
      xPosition: String(i % 500),
      yPosition: '100',
      value: `v${i}`,
    }));
    const group = await importCall(
      template([
        { roleName: 'Chooser', tabs: { radioGroupTabs: [{ documentId: '1', groupName: 'Huge', radios }] } },
      ]),
      true,
    );
    expect([group.status, group.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(group.message).toMatch(/Huge.*200,000 radios.*at most 100/);
    const plain = Array.from({ length: 120_001 }, () => ({
      documentId: '1',
      xPosition: '72',
      yPosition: '72',
    }));
    const many = await importCall(template([{ roleName: 'Busy', tabs: { signHereTabs: plain } }]), true);
    expect([many.status, many.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(many.message).toMatch(/120,001.*at most 10,000/);
  });
});
