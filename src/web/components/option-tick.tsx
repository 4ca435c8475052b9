import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ListItemIcon from '@mui/material/ListItemIcon';

/**
 * The box of an option of a multiple select (a list's status filter), ticked when it is chosen: the
 * icons a Checkbox draws, without a Checkbox (a button and a hidden input) in each
 * option, which made opening the filter the slowest tap of a list. The option itself says that it
 * is chosen (MUI sets its aria-selected).
 */
export function OptionTick({ checked }: { checked: boolean }) {
  return <ListItemIcon>{checked ? <CheckBox color="primary" fontSize="small" /> : <CheckBoxOutlineBlank fontSize="small" />}</ListItemIcon>;
}
