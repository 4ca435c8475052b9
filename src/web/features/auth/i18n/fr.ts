/** The sign-in copy, in French. */
export const authFr = {
  signIn: {
    sessionEnded:
      'Votre session a pris fin : elle a été fermée ailleurs (sur un autre appareil ou par un responsable) ou après un temps sans activité. Reconnectez-vous pour revenir à la page où vous étiez.',
    title: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    ssoButton: 'Se connecter avec {{name}}',
    or: 'ou',
    sandboxHint:
      'Bac à sable : manager@demo-agency.fr, staff@demo-agency.fr ou intermediary@demo-agency.fr, mot de passe «\u00a0sandbox-demo\u00a0».',
  },
} as const;
