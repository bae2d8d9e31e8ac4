import {
  IconAbc,
  IconAlignLeft,
  IconBriefcase,
  IconCalendar,
  IconCheckbox,
  IconCircleDot,
  IconClock,
  IconFileBarcode,
  IconFileUpload,
  IconFingerprint,
  IconForms,
  IconId,
  IconLayoutNavbar,
  IconMail,
  IconMapPin,
  IconMessage,
  IconMessageQuestion,
  IconPaperclip,
  IconPencil,
  IconPhoto,
  IconQrcode,
  IconRubberStamp,
  IconSignature,
  IconUser,
  type TablerIcon,
} from '@tabler/icons-react';

/** One Tabler icon per tag of the catalogue, in the palette beside the tag's name. */
const ICONS: Readonly<Record<string, TablerIcon>> = {
  signature: IconSignature,
  signerInitial: IconAbc,
  signatureText: IconId,
  timeStamp: IconClock,
  email: IconMail,
  username: IconUser,
  userUuid: IconFingerprint,
  docUuid: IconFileBarcode,
  signerTitle: IconBriefcase,
  location: IconMapPin,
  reason: IconMessageQuestion,
  reasonFreeText: IconMessage,
  text: IconForms,
  textArea: IconAlignLeft,
  calendar: IconCalendar,
  singleSelect: IconCircleDot,
  multiSelect: IconCheckbox,
  image: IconPhoto,
  rubberStamp: IconRubberStamp,
  qrcode: IconQrcode,
  CustodianText: IconPencil,
  letterHead: IconLayoutNavbar,
  attachment: IconPaperclip,
  selfSignAttachment: IconFileUpload,
};

/** A tag's icon, decoration beside its name; `colour` tints it (the recipient's colour). */
export function TagIcon({ entry, colour, size = 16 }: { entry: string; colour?: string; size?: number }) {
  const Icon = ICONS[entry] ?? IconForms;
  return <Icon size={size} stroke={1.75} color={colour} aria-hidden />;
}
