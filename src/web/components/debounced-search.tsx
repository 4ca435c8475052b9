import TextField from '@mui/material/TextField';
import { useUrlSearch } from '../lib/use-debounced.js';

interface Props {
  label: string;
  /** The search the URL holds. */
  value: string;
  onSearch: (s: string) => void;
}

/** A search field sent 300 ms after typing stops (the server searches: no list is filtered here). */
export function DebouncedSearch({ label, value, onSearch }: Props) {
  const [text, setText] = useUrlSearch(value, onSearch);
  return <TextField type="search" label={label} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1, minWidth: 200 }} />;
}
