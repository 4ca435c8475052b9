/** The global search's copy, in French. */
export const searchFr = {
  search: {
    open: 'Rechercher',
    openHint: 'Rechercher (Ctrl+K)',
    title: 'Rechercher un dossier',
    field: 'Locataire, e-mail, adresse, référence ou numéro',
    close: 'Fermer',
    results: 'Résultats',
    claims: 'Sinistres',
    projects: 'Projets',
    recent: 'Ouverts récemment',
    noRecent: 'Tapez un nom, un e-mail, une adresse ou une référence.',
    none: 'Aucun dossier ne correspond à « {{q}} ».',
    searching: 'Recherche…',
    failed: 'La recherche n’a pas abouti.',
    retry: 'Réessayer',
    outstanding: 'Reste dû {{amount}}',
    rent: 'Loyer {{amount}}',
    noRent: 'Loyer non renseigné',
    asOf: 'Données au {{date}}',
    keys: '↑ ↓ pour choisir, Entrée pour ouvrir, Échap pour fermer',
  },
};
