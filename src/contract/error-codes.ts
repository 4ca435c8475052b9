/**
 * The error catalogue as plain data (no zod): the codes, their status, field, retry and copy. The
 * app's first load uses it (api-error.ts) without the schemas; errors.ts adds those and re-exports
 * this module, so the contract stays the one place errors are written.
 */

/**
 * Every error code the dashboard knows: the spec's E-codes, the v3 codes of the sandbox contract,
 * and the dashboard server's own. The UI maps errors by code, never by HTTP status.
 */
export const ERROR_CODES = [
  'E0015',
  'E0040',
  'E0090',
  'E0142',
  'E0144',
  'E0145',
  'E0176',
  'E0177',
  'E0188',
  'E0193',
  'E0200',
  'E0201',
  'E0212',
  'E0225',
  'E0233',
  'NOT_ELIGIBLE',
  'PROJECT_STATUS',
  'DOCUMENTS_MISSING',
  'SCORE_TOO_LOW',
  'PROJECT_NOT_ACTIVE',
  'INVALID_REQUEST',
  'INVALID_CREDENTIALS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN_ROLE',
  'OUT_OF_SCOPE',
  'CSRF',
  'RATE_LIMITED',
  'SIGN_IN_DELAYED',
  'SIGN_IN_LOCKED',
  'LINK_INVALID',
  'USER_EXISTS',
  'LAST_MANAGER',
  'OWN_ACCOUNT',
  'USER_STATE',
  'WRONG_PASSWORD',
  'PASSWORDS_OFF',
  'SSO_OFF',
  'SSO_FAILED',
  'SSO_DOMAIN',
  'SSO_NO_ROLE',
  'ACCOUNT_DEACTIVATED',
  'ASSIGNEE_INVALID',
  'UNSUBSCRIBE_LINK_INVALID',
  'REQUEST_TIMEOUT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_INTERRUPTED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_OUTCOME_UNKNOWN',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_AUTH',
  'UPSTREAM_INVALID',
  'SERVICE_UNAVAILABLE',
  'STORAGE_FULL',
  'FIRST_SYNC_PENDING',
  'SERVER_BUSY',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorInfo {
  /** HTTP status the sandbox and the server answer with. */
  readonly status: number;
  /** The form field the error concerns, when there is one. */
  readonly field?: string;
  /** Whether trying the same request again later may succeed. */
  readonly retryable: boolean;
  readonly fr: string;
  readonly en: string;
}

export const ERROR_CATALOGUE = {
  E0015: {
    status: 403,
    retryable: false,
    fr: "Ce dossier appartient à une autre organisation : vous n'y avez pas accès.",
    en: 'This file belongs to another organization: you do not have access to it.',
  },
  E0040: {
    status: 404,
    retryable: false,
    fr: "Ce projet n'existe pas ou plus. Vérifiez le lien ou revenez à la liste des projets.",
    en: 'This project does not exist. Check the link or go back to the project list.',
  },
  E0090: {
    status: 400,
    field: 'documentType',
    retryable: false,
    fr: 'Type de document invalide : choisissez un type dans la liste des documents demandés.',
    en: 'Invalid document type: choose a type from the list of required documents.',
  },
  E0142: {
    status: 400,
    field: 'file',
    retryable: false,
    fr: 'Aucun fichier reçu : ajoutez un fichier avant d’envoyer.',
    en: 'No file received: add a file before sending.',
  },
  E0144: {
    status: 400,
    field: 'file',
    retryable: false,
    fr: 'Format de fichier non accepté : envoyez un PDF, JPEG, PNG ou GIF.',
    en: 'File format not accepted: send a PDF, JPEG, PNG or GIF.',
  },
  E0145: {
    status: 413,
    field: 'file',
    retryable: false,
    fr: 'Fichier trop volumineux : la taille maximale est de 10 Mo.',
    en: 'File too large: the maximum size is 10 MB.',
  },
  E0176: {
    status: 400,
    retryable: false,
    fr: 'Ce projet a déjà un sinistre en cours : poursuivez-le plutôt que d’en ouvrir un second.',
    en: 'This project already has an active claim: continue it instead of opening a second one.',
  },
  E0177: {
    status: 404,
    retryable: false,
    fr: "Ce sinistre n'existe pas ou plus. Revenez à la liste des sinistres.",
    en: 'This claim does not exist. Go back to the claim list.',
  },
  E0188: {
    status: 400,
    field: 'rentDueDate',
    retryable: false,
    fr: 'Les mois se déclarent dans l’ordre : déclarez d’abord le mois suivant le dernier mois déclaré.',
    en: 'Months are declared in order: declare the month after the last declared month first.',
  },
  E0193: {
    status: 404,
    retryable: false,
    fr: 'Ce mois de loyer est introuvable. Rechargez la page.',
    en: 'This rent month was not found. Reload the page.',
  },
  E0200: {
    status: 400,
    retryable: false,
    fr: 'Le statut actuel du sinistre ne permet pas cette action.',
    en: 'The claim’s current status does not allow this action.',
  },
  E0201: {
    status: 400,
    field: 'rentDueDate',
    retryable: false,
    fr: 'La date d’échéance ne peut pas être dans le futur.',
    en: 'The due date cannot be in the future.',
  },
  E0212: {
    status: 400,
    field: 'amount',
    retryable: false,
    fr: 'Le montant du paiement doit être supérieur à 0.',
    en: 'The payment amount must be greater than 0.',
  },
  E0225: {
    status: 400,
    field: 'rentDueDate',
    retryable: false,
    fr: 'Le mois d’un loyer déclaré ne peut pas être modifié ; seul son montant peut l’être, tant que l’échéance n’a pas été réglée.',
    en: 'The month of a declared rent cannot be changed; only its amount can, until the month has been paid.',
  },
  E0233: {
    status: 404,
    retryable: false,
    fr: 'Ce paiement est introuvable. Rechargez la page.',
    en: 'This payment was not found. Reload the page.',
  },
  NOT_ELIGIBLE: {
    status: 400,
    retryable: false,
    fr: 'Non éligible : le loyer maximum garanti est inférieur à 250 €. Vérifiez les revenus saisis ou ajoutez un garant.',
    en: 'Not eligible: the maximum guaranteed rent is below €250. Check the income entered or add a referent.',
  },
  PROJECT_STATUS: {
    status: 400,
    retryable: false,
    fr: 'Le statut actuel du projet ne permet pas cette action.',
    en: 'The project’s current status does not allow this action.',
  },
  DOCUMENTS_MISSING: {
    status: 400,
    retryable: false,
    fr: 'Des documents obligatoires manquent : ajoutez-les avant de demander la validation.',
    en: 'Required documents are missing: add them before requesting validation.',
  },
  SCORE_TOO_LOW: {
    status: 400,
    field: 'rentAmount',
    retryable: false,
    fr: 'Le loyer dépasse le loyer maximum garanti du locataire.',
    en: 'The rent exceeds the tenant’s maximum guaranteed rent.',
  },
  PROJECT_NOT_ACTIVE: {
    status: 400,
    retryable: false,
    fr: 'Un sinistre ne peut être ouvert que sur un contrat actif.',
    en: 'A claim can only be opened on an active contract.',
  },
  INVALID_REQUEST: {
    status: 400,
    retryable: false,
    fr: 'Certaines informations sont invalides : corrigez les champs indiqués.',
    en: 'Some information is invalid: correct the fields shown.',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    retryable: false,
    fr: 'Adresse e-mail ou mot de passe incorrect.',
    en: 'Incorrect email or password.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false, fr: 'La requête est trop volumineuse.', en: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false, fr: 'Format de requête non pris en charge.', en: 'Unsupported request format.' },
  NOT_FOUND: { status: 404, retryable: false, fr: 'Cette adresse n’existe pas.', en: 'This address does not exist.' },
  UNAUTHENTICATED: {
    status: 401,
    retryable: false,
    fr: 'Votre session a expiré : reconnectez-vous.',
    en: 'Your session has expired: sign in again.',
  },
  FORBIDDEN_ROLE: {
    status: 403,
    retryable: false,
    fr: 'Votre rôle ne permet pas cette action. Demandez à un responsable.',
    en: 'Your role does not allow this action. Ask a manager.',
  },
  // inIntermediaryScope's one way out: no claim and not an active contract (an unknown id is said the same, never told apart)
  OUT_OF_SCOPE: {
    status: 403,
    retryable: false,
    fr: 'Ce projet n’est pas dans votre périmètre : il n’a pas de sinistre et n’est pas un contrat actif. Un intermédiaire voit les contrats actifs de l’agence et les projets de ses sinistres.',
    en: 'This project is outside your scope: it has no claim and is not an active contract. An intermediary sees the agency’s active contracts and the projects of its claims.',
  },
  CSRF: {
    status: 403,
    retryable: false,
    fr: 'Requête refusée par sécurité : rechargez la page puis réessayez.',
    en: 'Request refused for security reasons: reload the page and try again.',
  },
  RATE_LIMITED: {
    status: 429,
    retryable: true,
    fr: 'Trop de tentatives : patientez une minute avant de réessayer.',
    en: 'Too many attempts: wait a minute before trying again.',
  },
  SIGN_IN_DELAYED: {
    status: 429,
    retryable: true,
    fr: 'Plusieurs essais de mot de passe ont échoué pour ce compte : patientez quelques secondes avant de réessayer (le délai augmente à chaque échec).',
    en: 'Several password attempts failed for this account: wait a few seconds before trying again (the wait grows with each failure).',
  },
  SIGN_IN_LOCKED: {
    status: 429,
    retryable: false,
    fr: 'Trop d’essais de mot de passe ont échoué sur ce compte : seul un lien de réinitialisation envoyé par un responsable permet maintenant de se connecter.',
    en: 'Too many password attempts failed on this account: only a reset link sent by a manager can sign it in now.',
  },
  LINK_INVALID: {
    status: 410,
    retryable: false,
    fr: 'Ce lien n’est plus valable (déjà utilisé, expiré ou remplacé par un plus récent) : demandez-en un nouveau à un responsable.',
    en: 'This link is no longer valid (already used, expired or replaced by a newer one): ask a manager for a new one.',
  },
  USER_EXISTS: {
    status: 409,
    field: 'email',
    retryable: false,
    fr: 'Cette adresse e-mail a déjà un compte ou une invitation dans l’équipe.',
    en: 'This email address already has an account or an invitation in the team.',
  },
  LAST_MANAGER: {
    status: 409,
    retryable: false,
    fr: 'C’est le dernier responsable actif : nommez d’abord un autre responsable.',
    en: 'This is the last active manager: make someone else a manager first.',
  },
  OWN_ACCOUNT: {
    status: 403,
    retryable: false,
    fr: 'Vous ne pouvez pas changer votre propre rôle ni désactiver votre propre compte : demandez-le à un autre responsable.',
    en: 'You cannot change your own role or deactivate your own account: ask another manager.',
  },
  USER_STATE: {
    status: 409,
    retryable: false,
    fr: 'Cette action ne convient pas à l’état actuel de ce compte (invité, actif ou désactivé) : rechargez la page.',
    en: 'This action does not fit the account’s current state (invited, active or deactivated): reload the page.',
  },
  WRONG_PASSWORD: {
    status: 400,
    field: 'currentPassword',
    retryable: false,
    fr: 'Le mot de passe actuel est incorrect.',
    en: 'The current password is incorrect.',
  },
  PASSWORDS_OFF: {
    status: 403,
    retryable: false,
    fr: 'La connexion par mot de passe est désactivée : connectez-vous avec le bouton d’authentification unique.',
    en: 'Password sign-in is turned off: sign in with the single sign-on button.',
  },
  SSO_OFF: {
    status: 404,
    retryable: false,
    fr: 'L’authentification unique n’est pas configurée sur ce tableau de bord.',
    en: 'Single sign-on is not configured on this dashboard.',
  },
  SSO_FAILED: {
    status: 401,
    retryable: true,
    fr: 'La connexion par authentification unique n’a pas abouti (lien expiré, déjà utilisé ou réponse refusée) : recommencez depuis le bouton.',
    en: 'Single sign-on did not complete (the link expired, was already used or the answer was refused): start again from the button.',
  },
  SSO_DOMAIN: {
    status: 403,
    retryable: false,
    fr: 'Votre adresse e-mail n’appartient pas à un domaine autorisé sur ce tableau de bord : demandez une invitation à un responsable.',
    en: 'Your email address is not in a domain allowed on this dashboard: ask a manager for an invitation.',
  },
  SSO_NO_ROLE: {
    status: 403,
    retryable: false,
    fr: 'Votre compte d’entreprise ne vous donne aucun rôle sur ce tableau de bord : demandez à votre administrateur de vous ajouter au bon groupe.',
    en: 'Your company account gives you no role on this dashboard: ask your administrator to add you to the right group.',
  },
  ACCOUNT_DEACTIVATED: {
    status: 403,
    retryable: false,
    fr: 'Ce compte a été désactivé : demandez à un responsable de le réactiver.',
    en: 'This account has been deactivated: ask a manager to reactivate it.',
  },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    retryable: false,
    fr: 'Ce lien de désinscription n’est pas valable (incomplet, modifié ou expiré) : rien n’a changé. Choisissez vos e-mails depuis « Mon compte ».',
    en: 'This unsubscribe link is not valid (incomplete, altered or expired): nothing has changed. Choose your e-mails from “My account”.',
  },
  ASSIGNEE_INVALID: {
    status: 400,
    field: 'userId',
    retryable: false,
    fr: 'Ce collègue ne peut pas suivre ce dossier : il doit avoir un compte actif et le droit de voir ce dossier.',
    en: 'This colleague cannot look after this file: they need an active account and the right to see this file.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    retryable: true,
    fr: 'L’envoi était trop lent et a été interrompu. Vérifiez votre connexion puis renvoyez le fichier.',
    en: 'The upload was too slow and was stopped. Check your connection, then send the file again.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    retryable: false,
    fr: 'Cette demande porte la clé d’une autre demande déjà envoyée (autre opération ou autres données) : rechargez la page puis recommencez.',
    en: 'This request carries the key of another request already sent (another operation or other data): reload the page and start again.',
  },
  IDEMPOTENCY_KEY_INTERRUPTED: {
    status: 409,
    retryable: false,
    fr: 'Cette demande a été interrompue avant sa réponse (un serveur du tableau de bord s’est arrêté ou le service partenaire n’a pas répondu à temps) : elle a peut-être été enregistrée. Vérifiez la liste avant de recommencer ; pour recommencer, rechargez la page.',
    en: 'This request was interrupted before its answer (a dashboard server stopped, or the partner service did not answer in time): it may have been recorded. Check the list before starting again; to start again, reload the page.',
  },
  UPSTREAM_UNAVAILABLE: {
    status: 502,
    retryable: true,
    fr: 'Le service partenaire est indisponible. Réessayez dans quelques instants.',
    en: 'The partner service is unavailable. Try again in a moment.',
  },
  UPSTREAM_OUTCOME_UNKNOWN: {
    status: 502,
    retryable: false,
    fr: 'La connexion avec le service partenaire a été coupée après l’envoi de la demande : elle a peut-être été enregistrée. La liste vient d’être relue : vérifiez-la avant de recommencer.',
    en: 'The connection to the partner service was cut after the request was sent: it may have been recorded. The list has just been read again: check it before starting again.',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    retryable: true,
    fr: 'Le service partenaire met trop de temps à répondre. Vérifiez le dossier avant de réessayer.',
    en: 'The partner service is taking too long to answer. Check the file before trying again.',
  },
  UPSTREAM_AUTH: {
    status: 502,
    retryable: false,
    fr: 'Le service partenaire refuse la clé d’accès du tableau de bord. Vous restez connecté ; prévenez l’administrateur (clé PARTNER_API_TOKEN à vérifier).',
    en: 'The partner service refuses the dashboard’s access key. You are still signed in; tell the administrator (PARTNER_API_TOKEN to check).',
  },
  UPSTREAM_INVALID: {
    status: 502,
    retryable: true,
    fr: 'Le service partenaire a envoyé une réponse inutilisable. Réessayez dans un instant ; si cela persiste, contactez le support avec la référence.',
    en: 'The partner service sent an answer that cannot be used. Try again in a moment; if it persists, contact support with the reference.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    retryable: true,
    fr: 'Le tableau de bord ne joint plus sa base de données. Réessayez dans quelques instants.',
    en: 'The dashboard cannot reach its database. Try again in a moment.',
  },
  STORAGE_FULL: {
    status: 503,
    retryable: true,
    fr: 'Le tableau de bord ne peut plus rien enregistrer : l’espace de stockage de son serveur est plein. Rien n’a été envoyé ni enregistré ; vous pouvez toujours consulter les dossiers. Prévenez l’administrateur, puis réessayez plus tard.',
    en: 'The dashboard cannot save anything: its server’s storage is full. Nothing was sent or saved; you can still look at the files. Tell the administrator, then try again later.',
  },
  FIRST_SYNC_PENDING: {
    status: 503,
    retryable: true,
    fr: 'La première synchronisation avec le service partenaire n’est pas terminée : le fichier serait incomplet. Réessayez quand elle sera finie.',
    en: 'The first synchronisation with the partner service has not completed: the file would be incomplete. Try again once it has.',
  },
  SERVER_BUSY: {
    status: 503,
    retryable: true,
    fr: 'Le tableau de bord est très sollicité en ce moment. Réessayez dans quelques secondes.',
    en: 'The dashboard is very busy right now. Try again in a few seconds.',
  },
  INTERNAL_ERROR: {
    status: 500,
    retryable: true,
    fr: 'Une erreur inattendue est survenue. Réessayez ; si elle persiste, contactez le support avec la référence.',
    en: 'An unexpected error occurred. Try again; if it persists, contact support with the reference.',
  },
} as const satisfies Record<ErrorCode, ErrorInfo>;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * A custom zod issue may carry the business code of its rule (`params.errorCode`), so the rule is
 * written once in a schema and still answers with the spec's code (E0201, E0212...).
 */
export function ruleParams(errorCode: ErrorCode): { errorCode: ErrorCode } {
  return { errorCode };
}
