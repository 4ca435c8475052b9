/** My account's and the links' page copy, in French. */
export const accountFr = {
  account: {
    title: 'Mon compte',
    sessions: {
      title: 'Mes sessions ouvertes',
      current: 'Cette session',
      unknownDevice: 'Appareil inconnu',
      detail: 'Adresse {{address}} · dernière activité {{last}} · ouverte le {{since}}',
      end: 'Fermer',
      endOne: 'Fermer la session {{device}}',
      endOthers: 'Fermer toutes les autres sessions',
    },
    reminders: {
      title: 'Rappels par e-mail',
      hint: 'Chaque mois, un e-mail rappelle ce qui reste à déclarer.',
      label: 'Recevoir les rappels mensuels',
    },
    link: {
      invalidTitle: 'Lien de connexion',
      inviteTitle: 'Bienvenue : choisissez votre mot de passe',
      resetTitle: 'Choisissez un nouveau mot de passe',
      hello: 'Bonjour {{name}}. Choisissez le mot de passe de votre compte ; vous serez ensuite connecté.',
      email: 'Votre e-mail',
      formLabel: 'Choisir le mot de passe',
      submit: 'Enregistrer et me connecter',
      submitting: 'Enregistrement…',
      toSignIn: 'Aller à la page de connexion',
    },
    password: {
      title: 'Changer mon mot de passe',
      current: 'Mot de passe actuel',
      save: 'Changer le mot de passe',
      saving: 'Enregistrement…',
      saved: 'Mot de passe changé : vos autres sessions sont fermées.',
      new: 'Nouveau mot de passe',
      confirm: 'Confirmez le mot de passe',
      rule: 'De {{min}} à {{max}} caractères, sans votre nom ni votre e-mail : une phrase de quelques mots convient très bien.',
      mismatch: 'Les deux mots de passe ne sont pas identiques.',
    },
  },
} as const;
