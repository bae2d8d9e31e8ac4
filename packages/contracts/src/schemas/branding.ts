import { z } from 'zod';
import { text } from './text.ts';

/** The largest logo a tenant may upload: a header logo, not a poster. */
export const BRAND_LOGO_MAX_BYTES = 200 * 1024;
export const BRAND_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BrandLogoType = (typeof BRAND_LOGO_TYPES)[number];

/** What each image type's file starts with (SVG is left out: it can carry script). */
function startsAs(mime: BrandLogoType, head: string): boolean {
  if (mime === 'image/png') return head.startsWith('\x89PNG\r\n\x1a\n');
  if (mime === 'image/jpeg') return head.startsWith('\xff\xd8\xff');
  return head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP';
}

function headOf(base64: string): string {
  try {
    return atob(base64.slice(0, 24));
  } catch {
    return '';
  }
}

/**
 * The tenant's logo, kept in its settings as base64 and served by `GET /public/branding/{tenantId}/logo`.
 * The bytes must be the type they claim.
 */
export const BrandLogoSchema = z
  .object({
    mime: z.enum(BRAND_LOGO_TYPES),
    data: z
      .string()
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64')
      .max(Math.ceil(BRAND_LOGO_MAX_BYTES / 3) * 4, 'The logo is larger than 200 KiB'),
  })
  .refine((logo) => startsAs(logo.mime, headOf(logo.data)), {
    message: 'The file is not the image type it claims to be',
    path: ['data'],
  });
export type BrandLogo = z.infer<typeof BrandLogoSchema>;

/** A colour as the web app's colour picker writes it. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The tenant's name in the header and its colour (buttons, links, the header title). */
export const BrandingSchema = z.object({
  /** Shown instead of "Signet" in the header for the tenant's members and signers; null: Signet. */
  displayName: text().trim().min(1).max(80).nullable().default(null),
  primaryColor: text().regex(HEX_COLOUR, 'A colour like #1c7ed6').nullable().default(null),
});
export type Branding = z.infer<typeof BrandingSchema>;

/** Branding as `GET /v1/configuration` gives it: the logo by address, not by content. */
export const BrandingViewSchema = z.object({
  displayName: text().nullable(),
  primaryColor: text().nullable(),
  logoUrl: text().nullable(),
});
export type BrandingView = z.infer<typeof BrandingViewSchema>;

export const BrandLogoPathSchema = z.object({ tenantId: z.uuid() });
export const BrandLogoQuerySchema = z.object({ v: text().max(64).optional() });
