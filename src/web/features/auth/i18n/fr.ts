/** The sign-in copy, in French. */
export const authFr = {
  signIn: {
    sessionEnded:
      'Votre session a pris fin : elle a été fermée ailleurs (sur un autre appareil ou par un responsable) ou après un temps sans activité. Reconnectez-vous pour revenir à la page où vous étiez.',
    endedIdle_one:
      'Votre session a pris fin après {{count, count}} minute sans activité. Reconnectez-vous pour revenir à la page où vous étiez.',
    endedIdle_other:
      'Votre session a pris fin après {{count, count}} minutes sans activité. Reconnectez-vous pour revenir à la page où vous étiez.',
    endedMax_one:
      'Votre session a pris fin : elle a atteint sa durée maximale ({{count, count}} heure après la connexion). Reconnectez-vous pour revenir à la page où vous étiez.',
    endedMax_other:
      'Votre session a pris fin : elle a atteint sa durée maximale ({{count, count}} heures après la connexion). Reconnectez-vous pour revenir à la page où vous étiez.',
    endedElsewhere:
      'Votre session a pris fin : elle a été fermée ailleurs (sur un autre appareil, par un changement de mot de passe ou par un responsable). Reconnectez-vous pour revenir à la page où vous étiez.',
    draftsWait: 'Ce que vous aviez saisi vous attend sur cette page si vous vous reconnectez avec le même compte.',
    title: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    ssoButton: 'Se connecter avec {{name}}',
    or: 'ou',
    sandboxHint:
      'Bac à sable : <id>manager@demo-agency.fr</id>, <id>staff@demo-agency.fr</id> ou <id>intermediary@demo-agency.fr</id>, mot de passe «\u00a0<id>sandbox-demo</id>\u00a0».',
  },
  sessionTimeout: {
    idleTitle: 'Toujours là ?',
    idleText_one: 'Vous serez déconnecté dans {{count, count}} minute, faute d’activité.',
    idleText_other: 'Vous serez déconnecté dans {{count, count}} minutes, faute d’activité.',
    maxTitle: 'Fin de la session',
    maxText_one:
      'Votre session atteint sa durée maximale : vous serez déconnecté dans {{count, count}} minute. Ce que vous êtes en train de saisir vous attendra après la reconnexion.',
    maxText_other:
      'Votre session atteint sa durée maximale : vous serez déconnecté dans {{count, count}} minutes. Ce que vous êtes en train de saisir vous attendra après la reconnexion.',
    kept: 'Ce que vous avez saisi est conservé dans cet onglet.',
    unkept: 'Ce qui n’est pas conservé, si la session se termine :',
    stay: 'Rester connecté',
    staying: 'Un instant…',
    understood: 'J’ai compris',
    signOut: 'Se déconnecter',
    failed: 'Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.',
  },
} as const;
