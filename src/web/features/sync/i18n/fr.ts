/** The sync's state as managers read it, in French. */
export const syncFr = {
  sync: {
    title: 'Synchronisation avec le partenaire',
    initialRunning:
      'Première synchronisation en cours : {{projects}} projets sur {{projectsTotal}}, {{claims}} sinistres sur {{claimsTotal}}.',
    initialDone: 'Première synchronisation terminée le {{date}}.',
    lastPass: 'Dernière relecture le {{date}} — écarts corrigés : {{drift}} ; erreurs : {{errors}}.',
    left_one: '{{count, count}} dossier laissé faute de budget d’appels : la prochaine relecture le relit en premier.',
    left_other: '{{count, count}} dossiers laissés faute de budget d’appels : la prochaine relecture les relit en premier.',
    noPass: 'Aucune relecture pour l’instant (une toutes les {{minutes}} min, au plus {{calls}} appels par minute).',
    current: 'Relecture en cours : {{done}} dossiers relus.',
    lag: 'Les données affichées ont été relues il y a au plus {{minutes}} min.',
    lastError: 'Dernière erreur le {{date}} : {{message}}',
  },
};
