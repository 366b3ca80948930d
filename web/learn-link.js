// The link to the lessons on the front page and every game's page: its words in the page's
// language; inside the Activity it keeps Discord's parameters, so the lessons open there too.

import { loadStrings, t } from './i18n.js';
import { activityAddress, inActivity } from './activity-address.js';

loadStrings();
for (const link of document.querySelectorAll('a[data-learn-link]')) {
  link.textContent = t('web-learn-link');
  if (inActivity()) link.href = activityAddress('/learn');
}
