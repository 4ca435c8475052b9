/** The sandbox back office's copy, in French. */
export const sandboxFr = {
  sandbox: {
    validateDocuments: 'Valider les documents',
    rejectDocuments: 'Refuser les documents',
    rejectReason: 'Motif du refus',
    validateRent: 'Valider la location',
    completePayment: 'Enregistrer le paiement',
    tenantSigns: 'Signature du locataire',
    ownerSigns: 'Signature du propriétaire',
    today: 'Date du bac à sable : {{date}}',
    plusMonth: 'Avancer d’un mois',
    plusDay: 'Avancer d’un jour',
    done: 'Fait.',
    plusDayTitle: 'Avancer l’horloge d’un jour ?',
    plusMonthTitle: 'Avancer l’horloge d’un mois ?',
    moveText:
      'L’horloge du bac à sable est commune à toute l’organisation : tous les projets et sinistres, et tous les utilisateurs, passent au {{date}}.',
    moveConfirm: 'Avancer au {{date}}',
    cancel: 'Annuler',
  },
} as const;
