import { assignmentsEn } from '../../features/assignments/i18n/en.js';
import { auditEn } from '../../features/audit/i18n/en.js';
import { authEn } from '../../features/auth/i18n/en.js';
import { claimsEn } from '../../features/claims/i18n/en.js';
import { eventsEn } from '../../features/events/i18n/en.js';
import { inboxEn } from '../../features/inbox/i18n/en.js';
import { projectsEn } from '../../features/projects/i18n/en.js';
import { roundEn } from '../../features/round/i18n/en.js';
import { sandboxEn } from '../../features/sandbox/i18n/en.js';
import { searchEn } from '../../features/search/i18n/en.js';
import { syncEn } from '../../features/sync/i18n/en.js';
import { settingsEn } from '../../features/settings/i18n/en.js';
import { teamEn } from '../../features/team/i18n/en.js';
import { accountEn } from '../../features/account/i18n/en.js';
import { statsEn } from '../../features/stats/i18n/en.js';
import type { Catalogue } from '../../lib/i18n/catalogue.js';
import { followsEn } from '../../features/follows/i18n/en.js';
import type { featuresFr } from './features.fr.js';

/** Every feature's copy in English (load.ts). */
export const featuresEn: Catalogue<typeof featuresFr> = {
  ...authEn,
  ...projectsEn,
  ...claimsEn,
  ...inboxEn,
  ...roundEn,
  ...statsEn,
  ...eventsEn,
  ...auditEn,
  ...assignmentsEn,
  ...settingsEn,
  ...teamEn,
  ...accountEn,
  ...sandboxEn,
  ...searchEn,
  ...syncEn,
  ...followsEn,
};
