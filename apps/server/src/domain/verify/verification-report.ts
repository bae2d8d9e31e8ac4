import type { VerifiedSignature, VerifyResult } from '@signet/contracts';
import { buildTextDocument, type DocBlock } from '@signet/pdf';
import type { Language } from '../auth/language.ts';
import { VERIFICATION_REPORT_WORDS, type VerificationReportWords } from './verification-report-words.ts';

const when = (iso: string | null) =>
  iso
    ? iso
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')
        .replace(/Z$/, ' UTC')
    : '—';

function signatureBlocks(w: VerificationReportWords, s: VerifiedSignature, i: number): DocBlock[] {
  const yes = (b: boolean) => (b ? w.yes : w.no);
  const rows: [string, string][] = [
    [w.field, s.fieldName || '—'],
    [w.kind, s.kind === 'timestamp' ? w.documentTimestamp : w.signature],
    [w.signedBy, s.signer ? s.signer.commonName || s.signer.subject : w.unknown],
    [w.issuer, s.signer?.issuer ?? '—'],
    [w.signingTime, when(s.signingTime)],
    [w.timestamp, when(s.timestampTime)],
    [w.intact, yes(s.intact)],
    [w.coversWhole, yes(s.coversWholeDocument)],
    [w.trusted, s.trusted ? w.trustedBy(s.trustAnchor ?? null, s.trustSource ?? null) : w.no],
    [
      w.revocation,
      s.revocation
        ? `${s.revocation.status} — ${s.revocation.source}, ${w.origin[s.revocation.origin]}${s.revocation.producedAt ? `, ${when(s.revocation.producedAt)}` : ''}`
        : w.notChecked,
    ],
    [w.level, s.level],
    [w.changes, w.modification[s.modification]],
    [
      w.certification,
      s.certificationLevel
        ? `${w.certificationLevel[s.certificationLevel] ?? w.certificationOther(s.certificationLevel)}${s.certificationViolated ? w.violated : ''}`
        : w.notCertifying,
    ],
  ];
  return [
    { kind: 'heading', text: w.signatureN(i + 1) },
    { kind: 'keyValues', rows },
    ...(s.chain.length > 0
      ? [
          {
            kind: 'table' as const,
            columns: [...w.chain],
            rows: s.chain.map((c) => [c.commonName || c.subject, when(c.validFrom), when(c.validTo)]),
            widths: [0.6, 0.2, 0.2],
          },
        ]
      : []),
    ...s.problems.map((p) => ({
      kind: 'paragraph' as const,
      text: `• ${p}`,
      color: [0.6, 0.1, 0.1] as const,
    })),
    { kind: 'spacer', height: 8 },
  ];
}

/** The verification report in `language`: the same facts as the screen, as a PDF made by our engine. */
export function verificationReportPdf(result: VerifyResult, now: Date, language: Language): Uint8Array {
  const w = VERIFICATION_REPORT_WORDS[language];
  const blocks: DocBlock[] = [
    { kind: 'title', text: w.title },
    {
      kind: 'keyValues',
      rows: [
        [w.file, result.fileName],
        [w.size, w.bytes(result.size)],
        ['SHA-256', result.sha256],
        [w.verifiedAt, when(now.toISOString())],
        [w.signatures, String(result.signatures.length)],
      ],
    },
    { kind: 'paragraph', text: w.verdict[result.verdict] },
    { kind: 'spacer', height: 8 },
    ...result.signatures.flatMap((s, i) => signatureBlocks(w, s, i)),
  ];
  return buildTextDocument(blocks, {
    title: w.documentTitle(result.fileName),
    footer: w.footer,
    maxPages: 200,
  }).pdf;
}
