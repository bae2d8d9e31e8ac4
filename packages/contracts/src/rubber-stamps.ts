import { z } from 'zod';
import {
  RUBBER_STAMP_MAX_POINTS,
  RUBBER_STAMP_MIN_POINTS,
  RUBBER_STAMP_VALUE_PREFIX,
} from './rubber-stamp-values.ts';
import { IdSchema } from './schemas/envelope.ts';
import { text } from './schemas/text.ts';

/**
 * Rubber stamps (spec §3 "rubber stamp", §5 "The rubber stamp requires stamp image, height and
 * width", §6 "needs a feature flag and the signer's passcodeFlag", §7 `/v2/rubberstamp*`): the
 * organisation's stamp images, managed by admins and shared with users and groups, who apply
 * them on a rubberStamp tag while the tenant's `features.rubberStamp` switch is on.
 */

const Points = /* @__PURE__ */ z.coerce
  .number()
  .int()
  .min(RUBBER_STAMP_MIN_POINTS)
  .max(RUBBER_STAMP_MAX_POINTS);

/** The stamp id a rubberStamp tag's value names, or null when it names none. */
export function rubberStampIdOf(value: string | null | undefined): string | null {
  if (!value?.startsWith(RUBBER_STAMP_VALUE_PREFIX)) return null;
  const id = value.slice(RUBBER_STAMP_VALUE_PREFIX.length);
  return IdSchema.safeParse(id).success ? id : null;
}

/** The text fields of `POST /v2/rubberstamp` (multipart, with the image in `file`). */
export const CreateRubberStampFieldsSchema = /* @__PURE__ */ z.object({
  name: text().trim().min(1).max(100),
  height: Points,
  width: Points,
});
export type CreateRubberStampFields = z.infer<typeof CreateRubberStampFieldsSchema>;

/** The text fields of `PUT /v2/rubberstamp` (multipart; `file` optional): what changes. */
export const UpdateRubberStampFieldsSchema = /* @__PURE__ */ z.object({
  id: IdSchema,
  name: text().trim().min(1).max(100).optional(),
  height: Points.optional(),
  width: Points.optional(),
});
export type UpdateRubberStampFields = z.infer<typeof UpdateRubberStampFieldsSchema>;

/** `POST /v2/rubberstamp/share`: the stamp's whole share list, replacing the previous one. */
export const ShareRubberStampSchema = /* @__PURE__ */ z.object({
  id: IdSchema,
  userIds: z.array(IdSchema).max(500).default([]),
  groupIds: z.array(IdSchema).max(500).default([]),
});
export type ShareRubberStamp = z.infer<typeof ShareRubberStampSchema>;

export const RubberStampSchema = /* @__PURE__ */ z.object({
  id: text(),
  name: text(),
  height: z.number().int(),
  width: z.number().int(),
  mimeType: text(),
  size: z.number().int(),
  /** The image as a data URL, for previews and the signer's picker. */
  image: text(),
  createdBy: text(),
  createdOn: text(),
  updatedOn: text(),
  /** Who it is shared with: answered to admins only (others get empty lists). */
  sharedWith: z.object({ userIds: z.array(text()), groupIds: z.array(text()) }),
});
export type RubberStamp = z.infer<typeof RubberStampSchema>;
