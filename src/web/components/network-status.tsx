import Alert from '@mui/material/Alert';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/use-online.js';

/**
 * Said at the top of every signed-in page while the browser has no network: what is saved now waits
 * and is sent when the network returns (TanStack Query pauses a write made offline and resumes it),
 * and how many actions wait. It stays in view while the page scrolls: the button pressed may be far
 * down a form.
 */
export function NetworkStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const waiting = useIsMutating({ predicate: (m) => m.state.isPaused });
  if (online) return null;
  return (
    <Alert severity="warning" role="status" sx={{ position: 'sticky', top: 0, zIndex: 'appBar', mb: 2 }}>
      {t('network.offline')}
      {waiting > 0 ? ` ${t('network.waiting', { count: waiting })}` : null}
    </Alert>
  );
}
