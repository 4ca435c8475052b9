/**
 * The shared copy: what the shared components say (person, address and company fields, the leave
 * dialog, uploads, errors, the back-office panel). Copy used by several features lives here, as
 * features never import each other. In French.
 */
export const sharedFr = {
  common: {
    labelValue: '{{label}} : {{value}}',
    loading: 'Chargement…',
    notFound: 'Page introuvable',
    backHome: 'Retour à l’accueil',
    comingSoon: 'Cette page arrive bientôt.',
  },
  claimView: {
    label: 'Sinistres affichés',
    mine: 'Mes sinistres',
    all: 'Tous ceux de l’agence',
    mineHint: 'Ceux que vous avez ouverts ou que vous suivez.',
    allHint: 'Tous les sinistres de l’agence.',
  },
  outOfScope: {
    title: 'Ce projet n’est pas dans votre périmètre',
    back: 'Revenir à la page précédente',
    claims: 'Mes sinistres',
    active: 'Les contrats actifs',
  },
  clock: {
    realTime: 'Heures réelles : ces dates sont celles où les actions ont eu lieu, pas celles de l’horloge du bac à sable.',
  },
  readModel: {
    asOf: 'Données au {{date}}',
    syncing: 'Première synchronisation en cours : la liste se complète.',
    firstSync: 'Première synchronisation en cours…',
    exportRefused: 'Export impossible pour le moment',
    partnerAnswer: 'Dernière réponse du service partenaire : {{answer}}',
    close: 'Fermer',
    assignee: 'Suivi par',
    everyone: 'Tout le monde',
    mine: 'Moi',
    nobody: 'Personne',
  },
  errors: {
    reference: 'Référence à communiquer au support : {{requestId}}',
    retry: 'Réessayer',
    unknown: 'Erreur inattendue (HTTP {{status}}).',
    unexpected: 'Erreur inattendue.',
    network: 'Connexion au serveur impossible : vérifiez votre réseau.',
  },
  person: {
    gender: 'Civilité',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    country: 'Pays',
    phoneInvalid: 'Numéro invalide pour ce pays.',
  },
  address: {
    address: 'Adresse',
    additionalAddress: 'Complément d’adresse',
    zipCode: 'Code postal',
    city: 'Ville',
    country: 'Pays',
  },
  legal: {
    company: 'Société',
    companyName: 'Raison sociale',
    companyType: 'Forme juridique',
    shareCapital: 'Capital social',
    siren: 'SIREN',
    sirenAs: 'Enregistré : {{value}}',
    rcsCity: 'Ville du RCS',
    rcsNumber: 'Numéro RCS',
    companyAddress: 'Adresse de la société (facultatif)',
  },
  documents: {
    required: 'Documents demandés',
    provided: 'Fourni',
    missing: 'Manquant',
    choose: 'Choisir un fichier',
    tooLarge: '{{name}} dépasse 10 Mo.',
    badType: '{{name}} n’est pas un PDF, JPEG, PNG ou GIF.',
    empty: 'Le fichier {{name}} est vide : choisissez un fichier qui a un contenu.',
    refused: 'Refusé',
  },
  network: {
    offline: 'Pas de connexion réseau. Ce que vous enregistrez partira dès son retour, tant que cet onglet reste ouvert.',
    waiting_one: '{{count}} action attend le réseau pour partir.',
    waiting_other: '{{count}} actions attendent le réseau pour partir.',
    pending: 'En attente du réseau…',
  },
  leave: {
    title: 'Quitter sans enregistrer ?',
    text: 'Les informations saisies seront perdues.',
    titleDraft: 'Quitter le formulaire ?',
    textDraft:
      'Ce que vous avez saisi reste enregistré comme brouillon dans ce navigateur : vous le retrouverez en revenant sur ce formulaire (il est effacé à la déconnexion).',
    textSignOut: 'Se déconnecter efface le brouillon : les informations saisies seront perdues.',
    signOutTitle: 'Se déconnecter ?',
    signOutDrafts:
      'Se déconnecter efface les brouillons de cet onglet : ce que vous avez saisi sans l’enregistrer (un mois, un paiement, un formulaire) sera perdu.',
    signOut: 'Se déconnecter',
    stay: 'Rester',
    leave: 'Quitter',
  },
  backoffice: {
    title: 'Back-office du bac à sable',
    hint: 'Simule les actions du gestionnaire, du locataire et du propriétaire (n’existe pas sur le service réel).',
  },
} as const;
