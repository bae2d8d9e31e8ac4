import { textPagesPdf } from '../test/support/text-pages-pdf.ts';

/** The hostile inputs of bench:attack-stalls, one maker each (issue 30's attacks). */

/** 20 000 000 bytes (under the 20 MiB body limit): ten million arrays, each in the one before. */
export function nestedArrays(): Buffer {
  const depth = 10_000_000;
  const body = Buffer.alloc(depth * 2);
  body.fill('[', 0, depth);
  body.fill(']', depth);
  return body;
}

/** 200 letters "a" on one page: ten lines of twenty. */
export const manyA = () => textPagesPdf([Array.from({ length: 10 }, () => Array(20).fill('a').join(' '))]);

export function docusignTemplate(roles: number, tabsPerRole: number): string {
  return JSON.stringify({
    name: 'Many anchors',
    documents: [
      {
        documentId: '1',
        name: 'Letters',
        fileExtension: 'pdf',
        documentBase64: Buffer.from(manyA()).toString('base64'),
      },
    ],
    recipients: {
      signers: Array.from({ length: roles }, (_, r) => ({
        recipientId: String(r + 1),
        roleName: `Role ${r + 1}`,
        routingOrder: String(r + 1),
        tabs: {
          signHereTabs: Array.from({ length: tabsPerRole }, (_, t) => ({
            tabLabel: `s${t}`,
            anchorString: 'a',
          })),
        },
      })),
    },
  });
}

/** Each level draws the one before ten times: 10^10 rectangles from under 2 KB. */
export function billionLaughsSvg(levels = 10): string {
  const id = (l: number) => String.fromCharCode(97 + l);
  let defs = '<rect id="a" width="1" height="1"/>';
  for (let l = 1; l <= levels; l++)
    defs += `<g id="${id(l)}">${`<use href="#${id(l - 1)}"/>`.repeat(10)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="2400"><defs>${defs}</defs><use href="#${id(levels)}"/></svg>`;
}
