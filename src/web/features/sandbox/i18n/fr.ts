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
  },
} as const;
