// The offline page in the language the app was last used in (the app keeps it under
// signet.locale), else the browser's; "try again" reloads the page that could not be opened.
(() => {
  const languages = ['en', 'hi', 'fr'];
  let stored = null;
  try {
    stored = localStorage.getItem('signet.locale');
  } catch {
    // storage refused: the browser's language decides
  }
  const wanted = [stored, ...(navigator.languages || [])].map((l) => (l || '').slice(0, 2));
  const language = wanted.find((l) => languages.includes(l)) || 'en';
  document.addEventListener('DOMContentLoaded', () => {
    document.documentElement.lang = language;
    for (const section of document.querySelectorAll('[data-offline]')) {
      section.hidden = section.getAttribute('data-offline') !== language;
    }
    for (const link of document.querySelectorAll('[data-offline] a')) {
      link.setAttribute('href', location.href);
    }
  });
})();
