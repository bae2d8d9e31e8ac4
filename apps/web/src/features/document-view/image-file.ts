/**
 * Reads an image the user picked for a tag (signature upload, image, rubber stamp, letterhead):
 * PNG or JPEG by content, not by name, and within the tag's size limit (spec §5).
 */
export type ImageFileResult =
  | { ok: true; dataUrl: string; bytes: number }
  | { ok: false; error: 'type' | 'size'; maxKb: number };

function kindOf(head: Uint8Array): 'png' | 'jpeg' | null {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

export async function readImageFile(
  file: Pick<Blob, 'arrayBuffer'>,
  maxKb: number,
): Promise<ImageFileResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = kindOf(bytes.subarray(0, 4));
  if (!kind) return { ok: false, error: 'type', maxKb };
  if (bytes.length > maxKb * 1024) return { ok: false, error: 'size', maxKb };
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { ok: true, dataUrl: `data:image/${kind};base64,${btoa(binary)}`, bytes: bytes.length };
}
