import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ROLES } from '../../../../contract/session.js';
import { InviteBodySchema, LANGS, type InviteBody, type TeamLink } from '../../../../contract/team.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { TextInput } from '../../../components/form/text-input.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { useLang } from '../../../lib/i18n.js';
import { useInvite } from '../api/invite.js';
import { FormStack } from '../../../components/form/form-stack.js';

type FormValues = z.input<typeof InviteBodySchema>;

/** Invites a colleague by e-mail with a role; the link made is handed to `onMade` (shown once). */
export function InviteForm({ onMade }: { onMade: (made: TeamLink) => void }) {
  const { t } = useTranslation();
  const send = useInvite();
  // a refusal no field takes (the role's, the server's) shows above the button
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const [form] = useDraftForm<FormValues, unknown, InviteBody>('invite', {
    resolver: contractResolver(InviteBodySchema),
    defaultValues: { email: '', name: '', role: 'staff', lang: useLang() },
    mode: 'onTouched',
  });
  const onValid = (body: InviteBody) =>
    send.mutate(body, {
      onSuccess: (made) => {
        form.reset({ email: '', name: '', role: body.role, lang: body.lang });
        onMade(made);
      },
      onError: (error) => setUnplaced(applyServerErrors(error, form.setError, (p) => p in InviteBodySchema.shape) ? null : error),
    });
  return (
    <FormStack label={t('team.invite.title')} onSubmit={form.handleSubmit(onValid)}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextInput control={form.control} name="email" label={t('team.invite.email')} type="email" required autoComplete="off" />
        <TextInput control={form.control} name="name" label={t('team.invite.name')} required autoComplete="off" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SelectInput
          control={form.control}
          name="role"
          label={t('team.invite.role')}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <SelectInput
          control={form.control}
          name="lang"
          label={t('team.invite.lang')}
          options={LANGS.map((l) => ({ value: l, label: t(`team.langs.${l}`) }))}
        />
      </Stack>
      {unplaced && send.isError ? <ErrorAlert error={unplaced} /> : null}
      <Stack direction="row">
        <SubmitButton pending={send.isPending} label={t('team.invite.submit')} pendingLabel={t('team.invite.submitting')} />
      </Stack>
    </FormStack>
  );
}
