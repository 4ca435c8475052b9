/** The sync's state as managers read it, in French. */
export const syncFr = {
  sync: {
    title: 'Synchronisation avec le partenaire',
    initialRunning:
      'Première synchronisation en cours : {{projects}} projets sur {{projectsTotal}}, {{claims}} sinistres sur {{claimsTotal}}.',
    initialDone: 'Première synchronisation terminée le {{date}}.',
    lastPass: 'Dernière relecture complète le {{date}} — écarts corrigés : {{drift}} ; erreurs : {{errors}}.',
    noPass: 'Aucune relecture complète pour l’instant (une toutes les {{minutes}} min, au plus {{calls}} appels par minute).',
    current: 'Relecture en cours : {{done}} dossiers relus.',
    lag: 'Les données affichées ont été relues il y a au plus {{minutes}} min.',
    lastError: 'Dernière erreur le {{date}} : {{message}}',
  },
};
