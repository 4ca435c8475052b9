/** The sandbox's two partner organizations and their sandbox-only credentials (documented in the README). */
export const DEMO_ORGANIZATIONS = [
  {
    id: '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11',
    name: 'Demo Agency',
    apiKey: 'sk_sandbox_demo_agency',
    webhookSecret: `whsec_${Buffer.from('sandbox-demo-agency-webhook-signing-key').toString('base64')}`,
  },
  {
    id: '8b2d9e63-4f1a-4c8b-8d2f-3b6e8c0f1d22',
    name: 'Other Agency',
    apiKey: 'sk_sandbox_other_agency',
    webhookSecret: `whsec_${Buffer.from('sandbox-other-agency-webhook-signing-key').toString('base64')}`,
  },
] as const;

export const DEMO_WEBHOOK_SECRET = DEMO_ORGANIZATIONS[0].webhookSecret;
