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
      'Bac à sable : <id>manager@demo-agency.fr</id>, <id>staff@demo-agency.fr</id> ou <id>intermediary@demo-agency.fr</id>, mot de passe «\u00a0<id>sandbox-demo</id>\u00a0».',
  },
} as const;
