import { z } from 'zod';
import { text } from './text.ts';

/** Every response is `{code, data}`, plus `message` on errors (spec §7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: text().optional() });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: text(),
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

/** Paths carry uuids; anything else is refused before it reaches a query. */
export const IdSchema = z.uuid();

/** Query strings and form bodies carry text; these accept "true"/"false"/"1"/"0" as well. */
export const BooleanishSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/** Numbers may arrive as strings from form bodies, query strings and older integrations. */
export const NumberishSchema = z.union([
  z.number(),
  text()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export function pageOf<T extends z.ZodType>(item: T, key: string) {
  return z.object({
    [key]: z.array(item),
    totalCount: z.number().int(),
    pg: z.number().int(),
    pageSize: z.number().int(),
  });
}
