/** The shell's copy: title, navigation, roles, export buttons, in French. */
export const appFr = {
  app: {
    title: 'Espace partenaire',
    subtitle: 'Garantie locative',
    sandbox: 'Bac à sable',
    skip: 'Aller au contenu',
  },
  nav: {
    signingOut: 'Déconnexion…',
    menu: 'Menu',
    inbox: 'À faire',
    pending: '{{count}} à traiter',
    projects: 'Projets',
    claims: 'Sinistres',
    stats: 'Statistiques',
    events: 'Événements',
    audit: 'Audit',
    signOut: 'Se déconnecter',
    settings: 'Paramètres',
    language: 'Langue',
    account: 'Compte',
    search: 'Rechercher un dossier (Ctrl+K)',
  },
  roles: {
    manager: 'Responsable',
    staff: 'Collaborateur',
    intermediary: 'Intermédiaire',
  },
  exports: {
    csv: 'Exporter (CSV)',
    statementPdf: 'Décompte (PDF)',
    statementCsv: 'Décompte (CSV)',
  },
} as const;
