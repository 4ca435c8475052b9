/** Who looks after a file, in French. */
export const assignmentsFr = {
  assignment: {
    you: '{{name}} (vous)',
    take: 'Je m’en occupe',
    letGo: 'Ne plus suivre',
    taken: 'Vous suivez ce dossier.',
    label: 'Suivi par',
    nobody: 'Personne',
    me: 'Moi ({{name}})',
    saved: 'Suivi par {{name}}.',
    savedNobody: 'Plus personne ne suit ce dossier.',
    since: 'depuis le {{date}}, attribué par {{by}}',
  },
} as const;
