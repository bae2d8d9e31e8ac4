/**
 * A picture's bytes, to decode off the main thread (`createImageBitmap`). The easy-sign frame's
 * picture is a data: URL, which the page's content security policy (connect-src 'self') lets no
 * fetch read, so it is decoded here; any other address is fetched.
 */
export async function pictureBlob(src: string): Promise<Blob> {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(src);
  if (!data) return (await fetch(src)).blob();
  const binary = atob(data[2] ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: data[1] });
}
