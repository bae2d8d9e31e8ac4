/** The shell and lists on a phone, and the installed app. */
export const phoneEn = {
  openMenu: 'Menu',
  account: 'Account',
  folder: 'Folder',
  statistics: 'Statistics',
  showStatistics: 'Show statistics',
  hideStatistics: 'Hide statistics',
  due: 'Due {{date}}',
  noDueDate: 'No due date',
  open: 'Open',
};
