/** UI copy per language. `en` must have exactly the keys of `fr`: a missing one fails to compile. */
export const fr = {
  app: { title: 'Espace partenaire', subtitle: 'Garantie locative', sandbox: 'Bac à sable', skip: 'Aller au contenu' },
  nav: { projects: 'Projets', claims: 'Sinistres', stats: 'Statistiques', events: 'Événements', signOut: 'Se déconnecter', language: 'Langue', account: 'Compte' },
  roles: { manager: 'Responsable', staff: 'Collaborateur', intermediary: 'Intermédiaire' },
  signIn: {
    title: 'Connexion', email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter', submitting: 'Connexion…',
    sandboxHint: 'Bac à sable : manager@demo-agency.fr, staff@demo-agency.fr ou intermediary@demo-agency.fr, mot de passe « sandbox-demo ».',
  },
  projects: {
    title: 'Projets de garantie', search: 'Rechercher un locataire (nom ou e-mail)', status: 'Statuts', tenant: 'Locataire', score: 'Loyer max. garanti',
    createDate: 'Créé le', nextStep: 'Prochaine étape', actor: 'Qui agit', empty: 'Aucun projet ne correspond à ces critères.', emptyAll: 'Aucun projet pour le moment : créez le premier.',
    create: 'Nouveau projet', clearFilters: 'Effacer les filtres', sortNewest: 'Plus récents d’abord', sortOldest: 'Plus anciens d’abord', sort: 'Tri', count: '{{count}} projet(s)',
  },
  nextStep: {
    0: 'Déposer les documents', 1: 'Validation des documents', 2: 'Ajouter les informations de location', 3: 'Validation de la location', 4: 'Paiement de la garantie',
    5: 'Signature du locataire', 6: 'Signature du propriétaire', 7: 'Contrat actif', 9: 'Relancer le locataire', 12: 'Fin de contrat programmée', 13: 'Contrat terminé', 14: 'Non éligible',
  },
  actor: { agency: 'Agence', manager: 'Gestionnaire', tenant: 'Locataire', owner: 'Propriétaire', none: '—' },
  errors: { reference: 'Référence à communiquer au support : {{requestId}}', retry: 'Réessayer', unknown: 'Erreur inattendue ({{code}}).', network: 'Connexion au serveur impossible : vérifiez votre réseau.' },
  common: { loading: 'Chargement…', notFound: 'Page introuvable', backHome: 'Retour à l’accueil', comingSoon: 'Cette page arrive bientôt.' },
} as const;

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const en: Shape<typeof fr> = {
  app: { title: 'Partner dashboard', subtitle: 'Rental guarantee', sandbox: 'Sandbox', skip: 'Skip to content' },
  nav: { projects: 'Projects', claims: 'Claims', stats: 'Statistics', events: 'Events', signOut: 'Sign out', language: 'Language', account: 'Account' },
  roles: { manager: 'Manager', staff: 'Staff', intermediary: 'Intermediary' },
  signIn: {
    title: 'Sign in', email: 'Email address', password: 'Password', submit: 'Sign in', submitting: 'Signing in…',
    sandboxHint: 'Sandbox: manager@demo-agency.fr, staff@demo-agency.fr or intermediary@demo-agency.fr, password “sandbox-demo”.',
  },
  projects: {
    title: 'Guarantee projects', search: 'Search a tenant (name or email)', status: 'Statuses', tenant: 'Tenant', score: 'Max. guaranteed rent',
    createDate: 'Created on', nextStep: 'Next step', actor: 'Who acts', empty: 'No project matches these filters.', emptyAll: 'No project yet: create the first one.',
    create: 'New project', clearFilters: 'Clear filters', sortNewest: 'Newest first', sortOldest: 'Oldest first', sort: 'Sort', count: '{{count}} project(s)',
  },
  nextStep: {
    0: 'Upload the documents', 1: 'Documents being validated', 2: 'Add the rental information', 3: 'Rental being validated', 4: 'Guarantee payment',
    5: 'Tenant signature', 6: 'Owner signature', 7: 'Contract active', 9: 'Follow up with the tenant', 12: 'Contract ending', 13: 'Contract ended', 14: 'Not eligible',
  },
  actor: { agency: 'Agency', manager: 'Manager', tenant: 'Tenant', owner: 'Owner', none: '—' },
  errors: { reference: 'Reference to quote to support: {{requestId}}', retry: 'Retry', unknown: 'Unexpected error ({{code}}).', network: 'Cannot reach the server: check your network.' },
  common: { loading: 'Loading…', notFound: 'Page not found', backHome: 'Back to the home page', comingSoon: 'This page is coming soon.' },
};
