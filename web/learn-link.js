// The link to the lessons on the front page and every game's page: its words in the page's
// language.

import { loadStrings, t } from './i18n.js';

loadStrings();
for (const link of document.querySelectorAll('a[data-learn-link]')) {
  link.textContent = t('web-learn-link');
}
