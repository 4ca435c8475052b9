/** The events' copy: the table and each partner event's sentence, in French. */
export const eventsFr = {
  events: {
    title: 'Événements récents',
    time: 'Date',
    type: 'Type',
    what: 'Description',
    open: 'Ouvrir',
    empty: 'Aucun événement reçu pour le moment.',
    claim: 'Le sinistre',
    project: 'Le projet',
    live: 'Mises à jour en direct',
    reconnecting: 'Reconnexion aux mises à jour…',
    forbidden: 'Cette page est réservée aux responsables.',
    types: {
      claim_created: 'Sinistre déclaré',
      claim_updated: 'Statut du sinistre modifié',
      rental_debt_created: 'Mois de loyer déclaré',
      rental_debt_updated: 'Mois de loyer mis à jour',
      rental_debt_receipt_pending_signature: 'Quittance subrogative à signer',
      rental_debt_receipt_signed: 'Quittance subrogative signée',
      project_created: 'Projet créé',
      project_updated: 'Projet mis à jour',
      security_sign_in_throttled: 'Connexion ralentie pour {{email}} : {{failures}} mots de passe erronés depuis {{address}}',
    },
  },
} as const;
