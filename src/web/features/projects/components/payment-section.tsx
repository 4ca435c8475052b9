import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { usePayment } from '../api/get-payment.js';

export function PaymentSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const payment = usePayment(projectId);
  if (payment.isPending) return <Skeleton variant="text" width={240} />;
  if (payment.isError) return <ErrorAlert error={payment.error} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  return (
    <Typography>
      {t(`project.paymentState.${p.state}`)}
      {p.amount !== null ? ` · ${t('common.labelValue', { label: t('project.amount'), value: formatMoney(p.amount, lang) })}` : ''}
      {p.paidAt ? ` · ${t('project.paidAt', { date: formatDate(p.paidAt, lang) })}` : ''}
    </Typography>
  );
}
