import type { phoneEn } from './phone.en.ts';

export const phoneHi: typeof phoneEn = {
  openMenu: 'मेनू',
  account: 'खाता',
  folder: 'फ़ोल्डर',
  statistics: 'आँकड़े',
  showStatistics: 'आँकड़े दिखाएँ',
  hideStatistics: 'आँकड़े छिपाएँ',
  due: 'नियत तिथि {{date}}',
  noDueDate: 'कोई नियत तिथि नहीं',
  open: 'खोलें',
};
