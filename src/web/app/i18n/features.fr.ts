import { assignmentsFr } from '../../features/assignments/i18n/fr.js';
import { auditFr } from '../../features/audit/i18n/fr.js';
import { authFr } from '../../features/auth/i18n/fr.js';
import { claimsFr } from '../../features/claims/i18n/fr.js';
import { eventsFr } from '../../features/events/i18n/fr.js';
import { inboxFr } from '../../features/inbox/i18n/fr.js';
import { projectsFr } from '../../features/projects/i18n/fr.js';
import { roundFr } from '../../features/round/i18n/fr.js';
import { sandboxFr } from '../../features/sandbox/i18n/fr.js';
import { searchFr } from '../../features/search/i18n/fr.js';
import { syncFr } from '../../features/sync/i18n/fr.js';
import { settingsFr } from '../../features/settings/i18n/fr.js';
import { teamFr } from '../../features/team/i18n/fr.js';
import { accountFr } from '../../features/account/i18n/fr.js';
import { statsFr } from '../../features/stats/i18n/fr.js';
import { followsFr } from '../../features/follows/i18n/fr.js';

/** Every feature's copy in French: loaded beside the first page's code, and only in the UI language (load.ts). */
export const featuresFr = {
  ...authFr,
  ...projectsFr,
  ...claimsFr,
  ...inboxFr,
  ...roundFr,
  ...statsFr,
  ...eventsFr,
  ...auditFr,
  ...assignmentsFr,
  ...settingsFr,
  ...teamFr,
  ...accountFr,
  ...sandboxFr,
  ...searchFr,
  ...syncFr,
  ...followsFr,
};
