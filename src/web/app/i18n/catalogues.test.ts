import { describe, expect, it } from 'vitest';
import { catalogueEntries, placeholdersOf, type CatalogueTree } from '../../../contract/catalogue.js';
import { authEn } from '../../features/auth/i18n/en.js';
import { assignmentsEn } from '../../features/assignments/i18n/en.js';
import { assignmentsFr } from '../../features/assignments/i18n/fr.js';
import { auditFr } from '../../features/audit/i18n/fr.js';
import { auditEn } from '../../features/audit/i18n/en.js';
import { authFr } from '../../features/auth/i18n/fr.js';
import { claimsEn } from '../../features/claims/i18n/en.js';
import { claimsFr } from '../../features/claims/i18n/fr.js';
import { eventsEn } from '../../features/events/i18n/en.js';
import { eventsFr } from '../../features/events/i18n/fr.js';
import { inboxEn } from '../../features/inbox/i18n/en.js';
import { inboxFr } from '../../features/inbox/i18n/fr.js';
import { projectsEn } from '../../features/projects/i18n/en.js';
import { projectsFr } from '../../features/projects/i18n/fr.js';
import { roundEn } from '../../features/round/i18n/en.js';
import { roundFr } from '../../features/round/i18n/fr.js';
import { sandboxEn } from '../../features/sandbox/i18n/en.js';
import { sandboxFr } from '../../features/sandbox/i18n/fr.js';
import { settingsEn } from '../../features/settings/i18n/en.js';
import { settingsFr } from '../../features/settings/i18n/fr.js';
import { statsEn } from '../../features/stats/i18n/en.js';
import { statsFr } from '../../features/stats/i18n/fr.js';
import { teamEn } from '../../features/team/i18n/en.js';
import { teamFr } from '../../features/team/i18n/fr.js';
import { accountEn } from '../../features/account/i18n/en.js';
import { accountFr } from '../../features/account/i18n/fr.js';
import { searchEn } from '../../features/search/i18n/en.js';
import { searchFr } from '../../features/search/i18n/fr.js';
import { syncEn } from '../../features/sync/i18n/en.js';
import { syncFr } from '../../features/sync/i18n/fr.js';
import { followsEn } from '../../features/follows/i18n/en.js';
import { followsFr } from '../../features/follows/i18n/fr.js';
import { sharedEn } from '../../lib/i18n/en.js';
import { sharedFr } from '../../lib/i18n/fr.js';
import { validationEn } from '../../lib/i18n/validation.en.js';
import { validationFr } from '../../lib/i18n/validation.fr.js';
import { en, fr } from './catalogues.js';
import { appEn } from './en.js';
import { appFr } from './fr.js';
import { featuresEn } from './features.en.js';
import { featuresFr } from './features.fr.js';

const PARTS: [string, object, object][] = [
  ['shared', sharedFr, sharedEn],
  ['validation', validationFr, validationEn],
  ['app', appFr, appEn],
  ['auth', authFr, authEn],
  ['projects', projectsFr, projectsEn],
  ['claims', claimsFr, claimsEn],
  ['inbox', inboxFr, inboxEn],
  ['round', roundFr, roundEn],
  ['stats', statsFr, statsEn],
  ['events', eventsFr, eventsEn],
  ['settings', settingsFr, settingsEn],
  ['audit', auditFr, auditEn],
  ['assignments', assignmentsFr, assignmentsEn],
  ['team', teamFr, teamEn],
  ['account', accountFr, accountEn],
  ['search', searchFr, searchEn],
  ['sync', syncFr, syncEn],
  ['sandbox', sandboxFr, sandboxEn],
  ['follows', followsFr, followsEn],
];

describe('the catalogues, per language and per feature', () => {
  it('define each section once: a feature’s copy is not overwritten by another’s', () => {
    for (const lang of [1, 2] as const) {
      const sections = PARTS.flatMap((part) => Object.keys(part[lang]).map((s) => `${s} (${part[0]})`));
      const names = sections.map((s) => s.split(' ')[0]);
      expect(sections.filter((_, i) => names.indexOf(names[i]) !== i)).toEqual([]);
    }
    // every feature's catalogue is in what the router loads
    const features = PARTS.slice(3).flatMap(([, f]) => Object.keys(f));
    expect(Object.keys(featuresFr).sort()).toEqual(features.sort());
    expect(Object.keys(featuresEn).sort()).toEqual(features.sort());
  });

  it('count through the plural rules of each language, never “(s)” or “(e)”', () => {
    for (const lang of [1, 2] as const) {
      const texts = PARTS.flatMap((part) => catalogueEntries(part[lang] as CatalogueTree));
      expect(texts.filter(([, text]) => /\((s|e|es|x)\)/.test(text)).map(([k, text]) => `${k}: ${text}`)).toEqual([]);
    }
  });

  it('name a manager’s refusal of documents with one word in English, as French does (“refusé”)', () => {
    const english = new Map(catalogueEntries({ ...en, ...validationEn }));
    expect([...english].filter(([, text]) => /\breject/i.test(text)).map(([k, text]) => `${k}: ${text}`)).toEqual([]);
    for (const key of ['project.rejected', 'project.refusedBecause', 'inbox.rejected'])
      expect(english.get(key), key).toMatch(/\brefused\b/i);
  });

  it('say the same things in both languages: same keys, same placeholders, no empty copy', () => {
    const english = new Map(catalogueEntries({ ...en, ...validationEn }));
    const french = catalogueEntries({ ...fr, ...validationFr });
    expect(french.map(([k]) => k).sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of french) {
      expect(placeholdersOf(english.get(key) ?? ''), key).toEqual(placeholdersOf(text));
      expect(text.trim().length * (english.get(key) ?? '').trim().length, key).toBeGreaterThan(0);
    }
  });
});
