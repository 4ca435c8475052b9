/** The sign-in copy, in French. */
export const authFr = {
  signIn: {
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
