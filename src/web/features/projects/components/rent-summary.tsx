import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { BAIL_TYPES, OWNER_TYPES, RENT_ALONE, labelOf } from '../../../../contract/enums.js';
import type { RentalInfoBody } from '../../../../contract/projects.js';
import { formatDate } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';

export function RentSummary({ rent }: { rent: RentalInfoBody }) {
  const { t } = useTranslation();
  const lang = useLang();
  const a = rent.addressInformation;
  const rows: [string, string][] = [
    [t('project.property'), `${a.address}${a.additionalAddress ? `, ${a.additionalAddress}` : ''}, ${a.zipCode} ${a.city}`],
    [
      t('project.owner'),
      `${rent.owner.firstName} ${rent.owner.lastName} · ${labelOf(OWNER_TYPES, rent.ownerType, lang)}${rent.ownerOrganizationName ? ` (${rent.ownerOrganizationName})` : ''}`,
    ],
    [t('project.rentAmount'), formatMoney(rent.rentAmount, lang)],
    [
      t('project.rentAlone'),
      `${labelOf(RENT_ALONE, rent.rentAlone, lang)}${rent.personalRentAmount ? ` · ${formatMoney(rent.personalRentAmount, lang)}` : ''}`,
    ],
    ...(rent.securityDeposit !== undefined
      ? [[t('project.securityDeposit'), formatMoney(rent.securityDeposit, lang)] as [string, string]]
      : []),
    [t('project.bailType'), labelOf(BAIL_TYPES, rent.bailType, lang)],
    [
      t('project.startLease'),
      `${formatDate(rent.startLease, lang)}${rent.theoreticalEndLease ? ` → ${formatDate(rent.theoreticalEndLease, lang)}` : ''}`,
    ],
  ];
  return (
    <Table size="small" aria-label={t('project.rent')}>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" scope="row" sx={{ width: '35%', color: 'text.secondary' }}>
              {k}
            </TableCell>
            <TableCell>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
