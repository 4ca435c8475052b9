import { z } from 'zod';
import { GuidSchema, IsoDateSchema, PageQuerySchema, paginated, text } from './common.js';
import type { Lang } from './enums.js';
import { TEXT_MAX } from './limits.js';
import type { OperationId } from './paths.js';
import { ruleError } from './rules.js';
import { RoleSchema, type Role } from './session.js';

/**
 * The audit trail, for a manager to answer "who changed this?": every write made through the dashboard, who made it and what it
 * changed. The forwarded writes are the spec's operations that change something (the pre-score
 * `getScore` is a POST that changes nothing); the others are the server's own.
 */
export const AUDITED_FORWARDED = [
  'createProject',
  'addProjectDocument',
  'deleteProjectDocument',
  'applyProject',
  'addRentalInformation',
  'createClaim',
  'addClaimDocument',
  'applyClaim',
  'addRentalDebt',
  'updateRentalDebt',
  'addPayment',
  'updatePayment',
  'deletePayment',
] as const satisfies readonly OperationId[];

export const AUDITED_OWN = [
  'signIn',
  'signOut',
  'updateDeclarant',
  'backOffice',
  'exportProjects',
  'exportClaims',
  'downloadStatementPdf',
  'downloadStatementCsv',
  'exportAudit',
  'inviteUser',
  'resendInvitation',
  'revokeInvitation',
  'changeRole',
  'deactivateUser',
  'reactivateUser',
  'sendPasswordReset',
  'acceptInvitation',
  'resetPassword',
  'changePassword',
  'endSession',
  'setReminders',
  'assignFile',
  'restoreBackup',
  'checkPayment',
  'followFile',
  'unfollowFile',
  'setNotificationEmail',
  'setDigestHour',
  'unsubscribe',
] as const;

export const AUDIT_OPERATIONS = [...AUDITED_FORWARDED, ...AUDITED_OWN] as const;
export const AuditOperationSchema = z.enum(AUDIT_OPERATIONS, { error: ruleError });
export type AuditOperation = z.infer<typeof AuditOperationSchema>;

/** What a person did, as a verb phrase per language ("a déclaré un mois"). */
export const AUDIT_OPERATION_LABELS = {
  createProject: { fr: 'Projet créé', en: 'Project created' },
  addProjectDocument: { fr: 'Document du projet envoyé', en: 'Project document uploaded' },
  deleteProjectDocument: { fr: 'Document du projet supprimé', en: 'Project document deleted' },
  applyProject: { fr: 'Projet soumis à validation', en: 'Project submitted for validation' },
  addRentalInformation: { fr: 'Informations de location saisies', en: 'Rental information entered' },
  createClaim: { fr: 'Sinistre ouvert', en: 'Claim opened' },
  addClaimDocument: { fr: 'Document du sinistre envoyé', en: 'Claim document uploaded' },
  applyClaim: { fr: 'Sinistre soumis à validation', en: 'Claim submitted for validation' },
  addRentalDebt: { fr: 'Mois déclaré', en: 'Month declared' },
  updateRentalDebt: { fr: 'Montant d’un mois corrigé', en: 'Month amount corrected' },
  addPayment: { fr: 'Paiement du locataire enregistré', en: 'Tenant payment recorded' },
  updatePayment: { fr: 'Paiement du locataire modifié', en: 'Tenant payment changed' },
  deletePayment: { fr: 'Paiement du locataire supprimé', en: 'Tenant payment deleted' },
  signIn: { fr: 'Connexion', en: 'Sign-in' },
  signOut: { fr: 'Déconnexion', en: 'Sign-out' },
  updateDeclarant: { fr: 'Coordonnées du déclarant modifiées', en: 'Declarant details changed' },
  backOffice: { fr: 'Étape du back-office (bac à sable)', en: 'Back-office step (sandbox)' },
  exportProjects: { fr: 'Export CSV des projets', en: 'Projects exported as CSV' },
  exportClaims: { fr: 'Export CSV des sinistres', en: 'Claims exported as CSV' },
  downloadStatementPdf: { fr: 'Décompte téléchargé (PDF)', en: 'Statement downloaded (PDF)' },
  downloadStatementCsv: { fr: 'Décompte téléchargé (CSV)', en: 'Statement downloaded (CSV)' },
  exportAudit: { fr: 'Export CSV du journal d’audit', en: 'Audit trail exported as CSV' },
  inviteUser: { fr: 'Collègue invité', en: 'Colleague invited' },
  resendInvitation: { fr: 'Invitation renvoyée', en: 'Invitation resent' },
  revokeInvitation: { fr: 'Invitation annulée', en: 'Invitation revoked' },
  changeRole: { fr: 'Rôle modifié', en: 'Role changed' },
  deactivateUser: { fr: 'Compte désactivé', en: 'Account deactivated' },
  reactivateUser: { fr: 'Compte réactivé', en: 'Account reactivated' },
  sendPasswordReset: { fr: 'Lien de réinitialisation du mot de passe créé', en: 'Password reset link created' },
  acceptInvitation: { fr: 'Invitation acceptée', en: 'Invitation accepted' },
  resetPassword: { fr: 'Mot de passe réinitialisé par lien', en: 'Password reset through a link' },
  changePassword: { fr: 'Mot de passe changé', en: 'Password changed' },
  endSession: { fr: 'Session fermée', en: 'Session ended' },
  setReminders: { fr: 'Rappels par e-mail modifiés', en: 'E-mail reminders changed' },
  assignFile: { fr: 'Suivi du dossier attribué', en: 'File assigned' },
  restoreBackup: { fr: 'Base de données restaurée depuis une sauvegarde', en: 'Database restored from a backup' },
  checkPayment: {
    fr: 'Paiement du locataire recherché chez le partenaire après un envoi interrompu',
    en: 'Tenant payment looked up at the partner after an interrupted send',
  },
  followFile: { fr: 'Dossier surveillé', en: 'File watched' },
  unfollowFile: { fr: 'Dossier plus surveillé', en: 'File no longer watched' },
  setNotificationEmail: { fr: 'E-mails de notification modifiés', en: 'Notification e-mails changed' },
  setDigestHour: { fr: 'Heure du résumé quotidien modifiée', en: 'Daily summary hour changed' },
  unsubscribe: { fr: 'Désinscription par le lien d’un e-mail', en: 'Unsubscribed through an e-mail’s link' },
} as const satisfies Record<AuditOperation, Readonly<Record<Lang, string>>>;

/**
 * The result of a partner write recorded before it was sent, while no outcome is recorded for it:
 * the partner's answer is awaited, or it came and could not be recorded (the disk full, the
 * database out of reach, the server stopped). The trail shows such a write so, never as nothing.
 */
export const AUDIT_PENDING = 'pending';
export const AUDIT_PENDING_LABEL = {
  fr: 'Envoyé au service partenaire, résultat inconnu (réponse attendue, ou non enregistrée) : vérifiez le dossier',
  en: 'Sent to the partner service, outcome unknown (its answer awaited, or not recorded): check the file',
} as const satisfies Readonly<Record<Lang, string>>;

/** What identifies a change: a few named values (month, amount, file name…), never a whole body. */
export const AuditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type AuditDetails = z.infer<typeof AuditDetailsSchema>;

export const AuditRecordSchema = z.object({
  seq: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: RoleSchema.nullable(),
  operation: AuditOperationSchema,
  projectId: z.string().nullable(),
  claimId: z.string().nullable(),
  /**
   * The tenant of the file the record concerns, as the read model names them when the trail is
   * read: never written into the record, which is immutable (a name erased from the files is gone
   * from the trail too). Null for a record on no file, or a file the read model does not hold.
   */
  tenant: z.string().nullable(),
  details: AuditDetailsSchema,
  /** 'success', the error code answered, or AUDIT_PENDING (a partner write sent, its outcome not recorded). */
  result: z.string(),
  status: z.number().int(),
  requestId: z.string(),
  address: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** The filters of the trail (the screen's and the CSV's: the same query). Period: days, inclusive, UTC. */
export const AuditFilterSchema = z.object({
  actor: z.string().max(254, { error: ruleError }).optional(),
  operation: AuditOperationSchema.optional(),
  projectId: GuidSchema.optional(),
  claimId: GuidSchema.optional(),
  /** The files of a tenant: their name (or e-mail, reference, address) as the lists' search reads it. */
  tenant: text(TEXT_MAX.search).optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditQuerySchema = AuditFilterSchema.extend(PageQuerySchema.shape);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditExportQuerySchema = AuditFilterSchema.extend({ lang: z.enum(['fr', 'en']).default('fr') });

export const AuditPageSchema = paginated(AuditRecordSchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The history of one project or one claim (its page), newest first: exactly one of the two. */
export const AuditHistoryQuerySchema = z.object({ projectId: GuidSchema.optional(), claimId: GuidSchema.optional() });
export const AuditHistorySchema = z.object({ items: z.array(AuditRecordSchema), total: z.number().int() });
export type AuditHistory = z.infer<typeof AuditHistorySchema>;

/** Whether the chain of hashes holds, from the first kept record; where it breaks when it does not. */
export const AuditVerifySchema = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  /** The first kept record (earlier ones removed by retention), null when the trail is empty. */
  firstSeq: z.number().int().nullable(),
  /** Records before firstSeq were removed by retention, up to this date (ISO), null if none were. */
  retainedFrom: z.string().nullable(),
  /** The first record that does not hold, and why. */
  breakAt: z.object({ seq: z.number().int(), reason: z.enum(['hash', 'link', 'anchor']) }).nullable(),
});
export type AuditVerify = z.infer<typeof AuditVerifySchema>;

export const AuditActorsSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type AuditActors = z.infer<typeof AuditActorsSchema>;

/** The roles as people read them. */
export const ROLE_LABELS = {
  manager: { fr: 'Responsable', en: 'Manager' },
  staff: { fr: 'Collaborateur', en: 'Staff' },
  intermediary: { fr: 'Intermédiaire', en: 'Intermediary' },
} as const satisfies Record<Role, Readonly<Record<Lang, string>>>;
