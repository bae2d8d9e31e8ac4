import { rubberStampIdOf } from '@signet/contracts';
import { useRubberStamps } from '../../admin/rubber-stamps-api.ts';

/**
 * What a filled rubberStamp tag shows: the image of the stamp its value names
 * (`rubberstamp:<id>`, one of the stamps shared with the signer). Loaded only once a stamp is
 * applied, so the signing page's first load does not carry it.
 */
export default function RubberStampImage({ value }: { value: string }) {
  const id = rubberStampIdOf(value);
  const stamps = useRubberStamps(id !== null);
  const image = stamps.data?.find((s) => s.id === id)?.image;
  if (!image) return null;
  return <img src={image} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />;
}
