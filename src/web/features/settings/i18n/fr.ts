/** The organization settings' copy, in French. */
export const settingsFr = {
  settings: {
    title: 'Paramètres de l’organisation',
    declarant: 'Déclarant des sinistres',
    declarantHint:
      'Les informations légales de l’organisation, saisies une fois : elles pré-remplissent chaque déclaration de sinistre (modifiables sinistre par sinistre).',
    save: 'Enregistrer',
    saving: 'Enregistrement…',
    saved: 'Informations enregistrées : les prochains sinistres partiront de celles-ci.',
    lastSaved: 'Dernière modification le {{date}} à {{time}} par {{name}}.',
    forbidden: 'Cette page est réservée aux responsables.',
  },
} as const;
